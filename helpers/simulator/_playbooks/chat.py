"""Last resort, kept as a name: the general engine (simulator/_engine) now answers whatever was asked."""
from .._engine import PLAYBOOK

__all__ = ["PLAYBOOK"]
