"""Plain-Python core of the product: the coinche rules, deals, movements and duplicate scoring.

Nothing under this package imports Django; the Django apps in ``tournaments`` load rows, call
these functions with plain values and store what they return.
"""
