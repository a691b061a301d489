"""The project's reliability suites (issue 20), each in its module, each with two forms.

- The **quick form** is an ordinary pytest test (``tests/proofs/test_*.py``) and runs in
  ``make test``.
- The **full form** runs with ``make proofs`` (``python -m tests.proofs``), which runs every suite
  of :data:`tests.proofs.__main__.SUITES` in turn, each as ``python -m tests.proofs.<suite>``: a
  process of its own, which prints its figures as ``figure: <what>: <value>`` lines and exits
  with status 0 only if the suite found nothing wrong. The README's "Reliability" section shows
  those figures, with the command that produced each.
"""
