"""What every exercise shares: its record, the feedback it prints, helpers for checkers.

An exercise is data plus one function. ``given`` is the code the exercise cell starts with
(the setup and a skeleton with ``None`` or ``return None`` where the learner's code goes),
``solution`` is a reference answer replacing that skeleton, and ``check(value)`` looks at the
learner's value and returns ``None`` when it is right, else one specific hint computed from
that value ("your gradient at x = 2 is 6.0; the power rule gives 12.0"). Checkers never raise:
a learner's function that fails is itself something to explain.
"""

import dataclasses
import html
import textwrap
from collections.abc import Callable

import numpy as np

from ...core.errors import without_function_frame
from ...core.tensor import Tensor

EXERCISES = {}


@dataclasses.dataclass
class Exercise:
    id: str  # "7.2": lesson 7, second exercise
    title: str
    prompt: str  # markdown shown above the cell
    name: str  # the name the learner's answer is bound to, passed to check()
    given: str  # the cell's code before the learner writes anything
    solution: str  # replaces the skeleton in `given`: the reference answer
    check: Callable  # value -> None (right) or a hint (str)
    success: str = "right"  # said when the check passes

    def cell_source(self):
        """The exercise cell as stored in the lesson: setup, skeleton, the check call."""
        return (f"# Exercise {self.id} · {self.title}\n{self.given.rstrip()}\n\n"
                f'exercises.check("{self.id}", {self.name})')

    def solved_source(self):
        """The setup with the solution in place of the skeleton (tests run this)."""
        return self.given.split(SKELETON)[0] + self.solution


SKELETON = "# --- your code below ---\n"


def exercise(**fields):
    """Registers an exercise; used by the lesson modules at import."""
    ex = Exercise(**fields)
    if ex.id in EXERCISES:
        raise ValueError(f"exercise {ex.id} is defined twice")
    if SKELETON not in ex.given:
        raise ValueError(f"exercise {ex.id}: `given` must contain the skeleton marker")
    ex.given = textwrap.dedent(ex.given).lstrip("\n")
    ex.solution = textwrap.dedent(ex.solution).lstrip("\n")
    EXERCISES[ex.id] = ex
    return ex


def verdict(exercise_id, value):
    """(passed, message) for `value`; the message is what ``check`` prints."""
    ex = EXERCISES[exercise_id]
    if value is None:
        hint = (f"`{ex.name}` is still None: write your answer below the "
                "'your code below' line and run the cell again.")
    else:
        try:
            hint = ex.check(value)
        except Exception as exc:  # noqa: BLE001 - the learner's code failing is feedback too
            hint = f"checking your answer raised {type(exc).__name__}: {said(exc)}"
    if hint is None:
        return True, f"✔ Exercise {ex.id} solved: {ex.success}"
    return False, (f"✘ Exercise {ex.id}, not yet: {hint}\n"
                   f'  (exercises.solution("{ex.id}") shows a solution.)')


class Feedback:
    """The answer of a check: text in a terminal, a coloured box in a notebook, with the
    solution folded away (a ``<details>`` element: it opens on a click, no script needed)."""

    def __init__(self, exercise, passed, message):
        self.exercise = exercise
        self.passed = passed
        self.message = message

    def __bool__(self):
        return self.passed

    def __repr__(self):
        return self.message

    def _repr_html_(self):
        colour, border = ("#f0fff4", "#2f855a") if self.passed else ("#fffaf0", "#c05621")
        text = html.escape(self.message.split("\n  (exercises.solution")[0])
        fold = "" if self.passed else (
            "<details style='margin-top:4px'><summary style='cursor:pointer;color:#555'>"
            "Show a solution</summary><pre style='margin:4px 0'>"
            f"{html.escape(self.exercise.solution.rstrip())}</pre></details>")
        return (f"<div class='eb-exercise' style='background:{colour};border-left:4px solid "
                f"{border};padding:6px 10px;font-family:var(--jp-ui-font-family,sans-serif);"
                f"font-size:13px'>{text}{fold}</div>")


# --- helpers for checkers ---------------------------------------------------------------------
def as_array(value):
    """A NumPy array for a Tensor, Variable, NumPy value or Python number (None if not)."""
    if isinstance(value, Tensor) or hasattr(value, "numpy"):
        try:
            return np.asarray(value.numpy())
        except Exception:  # noqa: BLE001 - an object with an unrelated .numpy
            return None
    if isinstance(value, (int, float, np.ndarray, np.generic, list, tuple)):
        try:
            return np.asarray(value)
        except Exception:  # noqa: BLE001 - ragged lists
            return None
    return None


def show(value):
    """A short, stable text for a value in a hint."""
    array = as_array(value)
    if array is None:
        text = repr(value)
        if " at 0x" in text:  # a default repr: its memory address changes run to run
            name = getattr(value, "__name__", None)
            text = (f"the class {name}" if isinstance(value, type) else
                    f"the function {name}" if callable(value) and name else
                    f"a {type(value).__name__} object")
        return text if len(text) < 60 else type(value).__name__
    if array.ndim == 0:
        return _number(array.item())
    return np.array2string(array, precision=4, separator=", ", suppress_small=True)


def _number(x):
    if isinstance(x, (bool, np.bool_)):
        return str(x)
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return f"{float(x):.6g}"


def close(a, b, tol=1e-4):
    a, b = as_array(a), np.asarray(b)
    return a is not None and a.shape == b.shape and np.allclose(a, b, rtol=tol, atol=tol)


def said(exc):
    """What an error says, for a hint: TF's words without the op's function frame
    (``{{function_node __wrapped__Reshape_device_...}}``), which only repeats the op."""
    return without_function_frame(str(exc))


def call(fn, *args, label=None):
    """Calls the learner's function; returns (result, None) or (None, hint)."""
    label = label or getattr(fn, "__name__", "your function")
    try:
        return fn(*args), None
    except Exception as exc:  # noqa: BLE001 - reported as a hint
        message = said(exc).splitlines()[0] if str(exc) else ""
        return None, f"calling {label}({', '.join(show(a) for a in args)}) raised " \
                     f"{type(exc).__name__}: {message}"


def not_callable(value, what):
    if not callable(value):
        return f"expected {what}, got {type(value).__name__} {show(value)}"
    return None
