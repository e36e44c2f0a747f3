"""Error types shared by the loaders, the rules engine and the state codec."""

from __future__ import annotations

import attrs


@attrs.frozen
class ContentIssue:
    """One problem found in a content file, located as precisely as we can.

    - ``file``, ``line``, ``column``: where (line and column may be None when only the file is known);
    - ``path``: the place in the content, e.g. ``cards[3].copies``;
    - ``message``: what is wrong; ``hint``: how it may be fixed ("did you mean 'move'?"), or None.
    """

    file: str
    line: int | None
    column: int | None
    path: str
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: "
        if self.path:
            text += f"{self.path}: "
        text += self.message
        if self.hint:
            text += f" ({self.hint})"
        return text


class ContentError(Exception):
    """Content (YAML/schema) was rejected; carries every issue found."""

    def __init__(self, issues: list[ContentIssue]):
        super().__init__(list(issues))
        self.errors: list[ContentIssue] = list(issues)

    @property
    def issues(self) -> list[ContentIssue]:
        """Every problem found, in file and reading order (the same list as ``errors``)."""
        return self.errors

    def __str__(self) -> str:
        lines = [f"{len(self.errors)} problem(s) in content:"]
        lines += [f"  {issue}" for issue in self.errors]
        return "\n".join(lines)


class UsageError(ValueError):
    """A call that cannot be honoured as asked: a wrong type or value for an argument, an unknown option or
    preset, options that exclude each other, a player count the game does not support."""


class IllegalAction(ValueError):
    """An action that the rules do not allow in the current state."""


class StateError(ValueError):
    """A serialized (JSON) state that is inconsistent."""


class RulesError(RuntimeError):
    """Content asked for something impossible during play (a move into a full holder, a loop past its bound); the
    message names the content path of the step."""
