"""iPoker XML sessions -> flat columns (one standard-library expat pass per file).

Nothing here interprets amounts or action codes: the document is flattened into lists of
attribute values (one list per column, one row per `<game>`, `<player>`, `<action>`,
`<cards>`), with the 1-based line of every element, and parsers/documents/ipoker/reader.py does the
semantics as Polars expressions. Files hold one or several `<session>` documents (HEM archives put
many in one file, each with its own `<?xml ...?>` declaration): the declarations are blanked and the
sessions read inside one synthetic root, on the same lines. DTDs and entity declarations are
refused (no entity expansion, no external resources).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NoReturn
from xml.parsers import expat

_DECLARATION = re.compile(r"<\?xml[^>]*\?>")
_ROOT = "hhaudit-root"

#: Leaf elements of a session's or a game's <general> that the parser reads.
GENERAL_FIELDS = (
    "gametype",
    "tablename",
    "tablecurrency",
    "currency",
    "startdate",
    "tournamentcode",
    "tournamentname",
    "uncalled_bet_enabled",
    "client_version",
    "mode",
    "smallblind",
    "bigblind",
    "ante",
    "nickname",  # the hero: his pocket cards are `dealt` (parsers/documents/ipoker/cards.py)
)


class RefusedXml(ValueError):
    """The document declares a DTD or entities."""


@dataclass
class XmlColumns:
    """Flat columns of one or many files (every list of a group has the same length)."""

    game_file: list[int] = field(default_factory=list)
    game_ix: list[int] = field(default_factory=list)
    game_line: list[int] = field(default_factory=list)
    game_code: list[str | None] = field(default_factory=list)
    game_closed: list[bool] = field(default_factory=list)
    game_fields: dict[str, list[str | None]] = field(
        default_factory=lambda: {name: [] for name in GENERAL_FIELDS}
    )
    player: dict[str, list[object]] = field(default_factory=dict)
    action: dict[str, list[object]] = field(default_factory=dict)
    cards: dict[str, list[object]] = field(default_factory=dict)
    #: (file_id, line, message) of the first XML error of a file, if any.
    errors: list[tuple[int, int, str]] = field(default_factory=list)


PLAYER_ATTRS = ("seat", "name", "chips", "dealer", "win", "bet")
ACTION_ATTRS = ("no", "player", "type", "sum")


class _Reader:
    """expat handlers filling XmlColumns for one file."""

    def __init__(self, cols: XmlColumns, file_id: int) -> None:
        self.cols = cols
        self.file_id = file_id
        self.session: dict[str, str] = {}
        self.game: dict[str, str] | None = None
        self.games = 0
        self.round: str | None = None
        self.stack: list[str] = []
        self.text: list[str] = []
        self.card_row: dict[str, object] | None = None
        self.parser = expat.ParserCreate(encoding="utf-8")
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.chars
        self.parser.StartDoctypeDeclHandler = self.refuse
        self.parser.EntityDeclHandler = self.refuse
        self.parser.ExternalEntityRefHandler = self.refuse

    def refuse(self, *_: object) -> NoReturn:
        raise RefusedXml("DTD or entity declarations are refused")

    def _append(self, group: dict[str, list[object]], values: dict[str, object]) -> None:
        for key, value in values.items():
            group.setdefault(key, []).append(value)

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.stack.append(name)
        self.text = []
        line = self.parser.CurrentLineNumber
        if name == "session":
            self.session = {}
        elif name == "game":
            self._open_game(attrs.get("gamecode"), line)
        elif self.game is None:
            return
        elif name == "round":
            self.round = attrs.get("no")
        elif name == "player":
            values = {a: attrs.get(a) for a in PLAYER_ATTRS}
            self._append(self.cols.player, self._keys(line) | values)
        elif name == "action":
            values = {a: attrs.get(a) for a in ACTION_ATTRS}
            self._append(self.cols.action, self._keys(line) | {"round": self.round} | values)
        elif name == "cards":
            self.card_row = self._keys(line) | {
                "round": self.round,
                "type": attrs.get("type"),
                "player": attrs.get("player"),
            }

    def _keys(self, line: int) -> dict[str, object]:
        return {"file_id": self.file_id, "game_ix": self.games - 1, "line_no": line}

    def _open_game(self, code: str | None, line: int) -> None:
        cols = self.cols
        self.game = {}
        self.round = None
        cols.game_file.append(self.file_id)
        cols.game_ix.append(self.games)
        cols.game_line.append(line)
        cols.game_code.append(code)
        cols.game_closed.append(False)
        for name in GENERAL_FIELDS:
            cols.game_fields[name].append(self.session.get(name))
        self.games += 1

    def chars(self, data: str) -> None:
        self.text.append(data)

    def end(self, name: str) -> None:
        self.stack.pop()
        text = "".join(self.text).strip()
        self.text = []
        if name == "game":
            self.cols.game_closed[-1] = True
            self.game = None
        elif name == "cards" and self.card_row is not None:
            self._append(self.cols.cards, self.card_row | {"text": text})
            self.card_row = None
        elif name in GENERAL_FIELDS and self.stack and self.stack[-1] == "general":
            if self.game is None:
                self.session[name] = text
            elif text:
                self.cols.game_fields[name][-1] = text

    def feed(self, text: str, line_offset: int) -> None:
        """Parse one `<session>` chunk that starts on line `line_offset + 1`."""
        body = "\n" * line_offset + _DECLARATION.sub(lambda m: " " * len(m.group(0)), text)
        last_line = body.count("\n") + 1
        try:
            self.parser.Parse(f"<{_ROOT}>{body}</{_ROOT}>", True)
        except RefusedXml as exc:
            self._error(str(exc))
        except expat.ExpatError as exc:
            at_end = self.parser.CurrentLineNumber >= last_line
            if at_end and self.game is not None and self.stack[-1:] == ["game"]:
                # `</game></session>` missing at the end of a session (exports cut after the
                # last round): every round of the game was closed, so the game is complete.
                self.cols.game_closed[-1] = True
            else:
                self._error(f"XML error: {expat.ErrorString(exc.code)}")

    def _error(self, message: str) -> None:
        self.cols.errors.append((self.file_id, self.parser.CurrentLineNumber, message))


_SESSION_START = re.compile(r"<session\b")


def read_xml(cols: XmlColumns, text: str, file_id: int) -> None:
    """Flatten one file's text into `cols`, one parser per `<session>` (errors recorded)."""
    starts = [m.start() for m in _SESSION_START.finditer(text)][1:]
    bounds = zip([0, *starts], [*starts, len(text)], strict=True)
    games = 0
    for begin, end in bounds:
        reader = _Reader(cols, file_id)
        reader.games = games
        reader.feed(text[begin:end], text.count("\n", 0, begin))
        games = reader.games
