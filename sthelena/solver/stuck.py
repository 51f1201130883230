"""A quick proof that a position of the last round is lost: a card that can
never leave its pile (the search's reduction 6).

Desktop only. A won game puts every card home, so every card leaves the
pile it lies in. ``stranded`` over-approximates, for each card, whether
it can ever leave, by a least fixed point of rules each of which any real
line of play obeys; when some card cannot leave even so, no line wins.

The rules, for one position of the last round (no redeal or stock left)
where no card comes back off the foundations (the first-deal restriction
only forbids some plays home, so what holds without it holds with it):

- a card is *free* (it can be a pile's top at some time) when every card
  above it can leave;
- a suit's foundations can *want* a rank when it is the next they take now,
  or the next after a rank they can want whose card (either copy) can be
  free: the ace foundation going up, the king foundation going down; with
  relocations (``foundation_moves=relocate``), when the two can meet (hold
  13 cards between them), every rank of the suit;
- a pile can be *emptied* when it is empty or all its cards can leave;
- a card can *leave* when it can be free and its foundations can want it,
  or a card it may be built on can be free (not below it: those are under
  it while it lies there), or spaces take any card and a pile can be
  emptied.

Proof that it is safe: take any line of play from the position and the
moments cards leave their first piles, in order. When a card leaves, every
card first above it left earlier, so it is free by the rules (induction on
the moments). It goes home: its foundation wants it, which takes the cards
between that foundation's count and it home first, each free at some
moment (each rule of *want* follows one such card; a relocation only moves
cards between the two foundations of a suit that have met, and before they
meet each takes its own cards in order); or onto a card that is a pile's
top then, which was free at some moment; or onto an empty pile, whose first
cards all left before. So every card that leaves in some line can leave by
the rules, and a card the rules cannot move never leaves: the position is
lost. The converse does not hold (the rules ignore order and which copy
goes where): ``stranded`` finds some lost positions, never a winnable one.
"""


def stranded(piles, found, hosts, spaces, relocate):
    """Whether some card of ``piles`` (bottom card first) can never leave
    its pile (then the position is lost); ``found`` the eight foundation
    counts, ``hosts[card]`` the cards it may be built on, ``spaces`` whether
    an empty pile takes any card, ``relocate`` whether a suit's foundations
    pass cards between them once they meet."""
    leaving = _leaving(piles, found, hosts, spaces, relocate)
    if leaving is None:
        return False
    for index, cards in enumerate(piles):
        if leaving[index] < len(cards):
            return True
    return False


def can_leave(piles, found, hosts, spaces, relocate):
    """For each pile, how many cards from its top can leave it by the
    rules (the arguments as ``stranded``'s): the card under them never
    does."""
    leaving = _leaving(piles, found, hosts, spaces, relocate)
    return [len(cards) for cards in piles] if leaving is None else leaving


def _leaving(piles, found, hosts, spaces, relocate):
    """``can_leave``'s answer, or None when every card can leave (said at
    once where spaces take any card and a pile can be emptied: the search
    asks ``stranded`` of every level, and that answer is the common one)."""
    if spaces and not all(piles):
        # Every card that can be free can leave, to a pile that can be
        # emptied; so, from the tops down, every card can.
        return None
    # leaving[i]: how many cards from pile i's top can leave (they leave top
    # first, so it grows from the top); the card under them is free.
    leaving = [0] * len(piles)
    free = bytearray(64)  # how many copies of each card can be free
    left = 0  # piles some of whose cards cannot leave (yet)
    for cards in piles:
        if cards:
            free[cards[-1]] += 1
            left += 1
    wanted = _wanted(found, free, relocate)
    changed = True
    while changed and left:
        changed = stale = False
        for index, cards in enumerate(piles):
            depth = start = leaving[index]
            size = len(cards)
            while depth < size:
                card = cards[-1 - depth]
                if not wanted[card]:
                    for host in hosts[card]:
                        if free[host]:
                            break
                    else:
                        break
                depth += 1
                if depth < size:
                    card = cards[-1 - depth]
                    free[card] += 1
                    # A wanted card newly free may let its foundation want more.
                    stale = stale or wanted[card]
            if depth != start:
                changed = True
                leaving[index] = depth
                if depth == size:
                    if spaces:
                        return None  # as above
                    left -= 1
        if stale:
            wanted = _wanted(found, free, relocate)
    return leaving


def _wanted(found, free, relocate):
    """``wanted[card]``: whether its foundations can want it, by the rules
    of the module's docstring, given which cards can be free."""
    wanted = bytearray(64)
    for suit in range(4):
        base = suit << 4
        held_down = found[suit]  # the king foundation holds K down to 14 - held_down
        held_up = found[suit + 4]  # the ace foundation holds A up to held_up
        top = held_up + 1  # the ace foundation can want held_up + 1 ... top
        while top <= 13:
            wanted[base | top] = 1
            if not free[base | top]:
                break
            top += 1
        bottom = 13 - held_down  # the king foundation can want bottom ... 13 - held_down
        while bottom >= 1:
            wanted[base | bottom] = 1
            if not free[base | bottom]:
                break
            bottom -= 1
        # They meet holding A..x and K..x+1: the ace foundation wanting x + 1
        # and the king foundation x, both of which they can reach.
        if relocate and held_up + held_down <= 13 and \
                max(held_up, bottom) <= min(top - 1, 13 - held_down):
            for rank in range(1, 14):
                wanted[base | rank] = 1
    return wanted
