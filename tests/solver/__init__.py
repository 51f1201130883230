"""The desktop solver: its searches, its portfolio, its proofs, win rates."""
