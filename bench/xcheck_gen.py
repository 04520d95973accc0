#!/usr/bin/python3
"""bench/xcheck_gen.py — a deterministic list of 31-derful parent pairs and rows for the crossover cross-check.

Writes one case per line, "r a0 .. a24 b0 .. b24": row r in 0..4, then two
valid parents (25 distinct cards from 0..51, row-major).  Every implementation
of the benchmark GA crosses each pair on row r (child1 = a with b's row r,
child2 = b with a's row r, both repaired) and prints the children; the
cross-check compares the outputs byte for byte.  The cases mix plain random
pairs with pairs built to stress the duplicate repair: parents sharing most or
all of their cards, and parents crowded on a few values so that the nearest
free value lies several steps away and ties between a lower and a higher value
occur.  Usage: xcheck_gen.py [COUNT] [SEED] > cases.txt
"""
import random
import sys


def value(card):
    rank = card // 4
    return rank + 2 if rank < 8 else 10 if rank < 12 else 11


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 31)
    deck = list(range(52))
    tens = [c for c in deck if value(c) == 10]
    for i in range(count):
        kind = i % 5
        a = rng.sample(deck, 25)
        if kind == 0:  # independent random parents
            b = rng.sample(deck, 25)
        elif kind == 1:  # the same cards in another order: every incoming card repeats
            b = a[:]
            rng.shuffle(b)
        elif kind == 2:  # a few cards exchanged, then some cells moved
            b = a[:]
            free = [c for c in deck if c not in b]
            for cell in rng.sample(range(25), rng.randint(1, 8)):
                b[cell] = free.pop(rng.randrange(len(free)))
            for _ in range(rng.randint(0, 10)):
                x, y = rng.randrange(25), rng.randrange(25)
                b[x], b[y] = b[y], b[x]
        elif kind == 3:  # crowded on the tens: the free cards of value 10 run out
            pool = tens + rng.sample([c for c in deck if value(c) != 10], 14)
            a = rng.sample(pool, 25)
            b = rng.sample(pool, 25)
        else:  # crowded on the extremes (2s, 3s, aces, kings): repairs at the edges of the value range
            edge = [c for c in deck if value(c) in (2, 3, 11) or c // 4 == 11]
            pool = edge + rng.sample([c for c in deck if c not in edge], 15)
            a = rng.sample(pool, 25)
            b = rng.sample(pool, 25)
        print(rng.randrange(5), *a, *b)


if __name__ == "__main__":
    main()
