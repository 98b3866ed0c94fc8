"""The order ``Dataset.shuffle`` emits elements in: TF's shuffle kernel, draw for draw.

TF's ShuffleDatasetV3 keeps up to ``buffer_size`` elements and, for each element it emits,
draws one uint32 from a Philox stream, takes it modulo the number of elements buffered,
emits that element and moves the oldest buffered one into its slot. The stream of an
iteration is keyed by two seeds which, when the dataset reshuffles each iteration, come from
a second Philox stream keyed by the op's (seed, seed2), two words per iteration; otherwise
they are (seed, seed2) themselves. Drawing the same words the same way gives TF's order.
"""

from ..ops import philox

_BLOCKS_AT_ONCE = 64  # Philox blocks worked out per NumPy call (four words each)


class Words:
    """TF's ``SingleSampleAdapter<PhiloxRandom>``: the uint32 words of a Philox stream, one
    at a time, the stream keyed by (seed, seed2) as a stateful kernel keys it."""

    def __init__(self, seed, seed2):
        self._key, self._counter = philox.key_counter_from_op_seeds(seed, seed2)
        self._ready = []

    def __call__(self):
        if not self._ready:
            bits = philox.blocks(self._key, self._counter, _BLOCKS_AT_ONCE)
            self._counter = philox.skip(self._counter, _BLOCKS_AT_ONCE)
            self._ready = bits.reshape(-1).tolist()[::-1]  # popped from the end: first word last
        return self._ready.pop()


class IterationSeeds:
    """The seeds of each iteration over a shuffled dataset, by its number (0, 1, ...): TF
    draws two words of the seed stream as each new iterator starts."""

    def __init__(self, seed, seed2, reshuffle_each_iteration):
        self._seeds = (seed, seed2)
        self._reshuffle = reshuffle_each_iteration

    def of_iteration(self, number):
        if not self._reshuffle:  # (the same order every iteration)
            return self._seeds
        key, counter = philox.key_counter_from_op_seeds(*self._seeds)
        first = 2 * number  # the words 2n and 2n + 1, both in one block (4 words each)
        block = philox.blocks(key, philox.skip(counter, first // 4), 1)[0]
        return int(block[first % 4]), int(block[first % 4 + 1])


def shuffles_in(dataset):
    """The shuffles `dataset` reads (itself included), each once."""
    found, stack = [], [dataset]
    while stack:
        current = stack.pop()
        if all(current is not d for d in found):
            found.append(current)
            stack.extend(current._inputs())
    return [d for d in found if isinstance(getattr(d, "_seeds", None), IterationSeeds)]


def skip_an_iteration(dataset):
    """Each shuffle `dataset` reads moves on to its next iteration's order, as when TF makes
    an iterator that is never read (TF's Keras makes one before its epochs start)."""
    for shuffle in shuffles_in(dataset):
        shuffle._epoch += 1


def shuffled(elements, buffer_size, seeds):
    """`elements` (an iterator) in TF's shuffled order; `buffer_size` None buffers them all.
    The buffer is a ring of `buffer_size` slots, as TF's."""
    draw = Words(*seeds)
    slots = {}  # slot -> element (a dict: a large buffer_size costs nothing unused)
    start = end = 0  # the elements buffered are those numbered start .. end - 1
    exhausted = False
    while True:
        while not exhausted and (buffer_size is None or end - start < buffer_size):
            try:
                slots[_slot(end, buffer_size)] = next(elements)
            except StopIteration:
                exhausted = True
                break
            end += 1
        if end == start:
            return
        chosen = _slot(start + draw() % (end - start), buffer_size)
        oldest = _slot(start, buffer_size)
        yield slots[chosen]
        slots[chosen] = slots[oldest]
        del slots[oldest]
        start += 1


def _slot(number, buffer_size):
    return number if buffer_size is None else number % buffer_size
