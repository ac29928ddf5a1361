"""Numbers as words, for counts that are spoken and shown as players say them."""

from __future__ import annotations

__all__ = ["number_word"]

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_word(n: int) -> str:
    """English words for 0..999 ("twenty-nine", "one hundred and twenty-one")."""
    if not 0 <= n <= 999:
        raise ValueError(f"{n} is outside 0..999")
    if n < 20:
        return _UNITS[n]
    if n < 100:
        tens, units = divmod(n, 10)
        return _TENS[tens] + (f"-{_UNITS[units]}" if units else "")
    hundreds, rest = divmod(n, 100)
    return f"{_UNITS[hundreds]} hundred" + (f" and {number_word(rest)}" if rest else "")
