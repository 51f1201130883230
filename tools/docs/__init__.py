"""docs/architecture.md's pictures (``architecture``), drawn from every
import of the repository (``import_graph``)."""
