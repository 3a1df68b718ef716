"""Every repository path the docs and the code's comments name exists (issue #32, item 7).

Pure Python, no Django: it runs in either of `dev.py test`'s processes, in well under a
second.

Where paths are looked for:

- Markdown: README.md, games/verify/README.md and every *.md under docs/, code blocks
  included (the commands they show must name real scripts);
- Python: the comments and docstrings (not other strings, but for a model field's
  `help_text`) of every .py file under games/, events/, api/, config/ and tests/.

What counts as a path (few false positives by design):

- a token that starts with a top-level folder of the repository (TOP_DIRS) followed by
  `/`, and goes on with segments of letters, digits, `_`, `.`, `-` joined by `/`, e.g.
  `events/store/sql.py`, `docs/games/`, `tests/games`; the token must not follow a
  letter, digit, `.`, `/` or `-` (so `/api/v1/games` and `./web/dist` are not paths,
  nor the tail of a longer path); what follows it (`:12` a line, `#anchor`, `,` ...)
  is not part of it; a trailing `.` ends the sentence, not the name;
- one of the top-level files (TOP_FILES), standing alone;
- in Markdown, the target of a link `[text](target)` that is not a URL: resolved
  relative to the Markdown file, as GitHub does; it must stay inside the repository.

URLs (`scheme://...`) are removed before the search. Paths are resolved from the
repository's root (the docs' convention: `docs/bots.md` from anywhere). A path without
an extension or trailing `/` may also name the one entry of its folder whose name
starts with it and a `-` or `_` (`docs/decisions/0006`: a decision record by number), and
`app/NNNN` a migration of that app (`events/0005`, Django's own name for it). What the
web client's build writes (BUILT) may be named before it exists.
`file.md#anchor` must name a heading of that file (GitHub's anchors).

A reference to a path that is gone on purpose (a record of what moved) goes in ALLOWED,
by file and path, with its reason; an entry no longer needed fails too.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TOP_DIRS = ("api", "events", "games", "config", "tests", "docs", "web", "docker", ".ci",
            "contract", "accounts", "infra")
TOP_FILES = ("README.md", "openapi.yaml", "dev.py", "manage.py", "pyproject.toml",
             "package.json", "package-lock.json")

MARKDOWN = ["README.md", "games/verify/README.md", "docs/**/*.md"]
PYTHON_DIRS = ["games", "events", "api", "config", "tests"]

# What the web client's build writes (web/build.py; git-ignored): named before it exists.
BUILT = ("web/dist", "web/src/generated/", "web/.build-stamp")

# The detector's own samples name files that do not exist: built, so not named here.
SAMPLE_DOC = "docs/" + "x.md"

# (file naming it, path named): why a path that does not exist may be named there.
ALLOWED: dict[tuple[str, str], str] = {}

_SEGMENT = r"[A-Za-z0-9_.\-]+"
_DIRS = "|".join(re.escape(d) for d in TOP_DIRS)
_FILES = "|".join(re.escape(f) for f in TOP_FILES)
PATH = re.compile(
    rf"(?<![\w./\-])((?:{_DIRS})/(?:{_SEGMENT}(?:/{_SEGMENT})*/?)?"
    rf"|(?:{_FILES})(?![\w\-]|\.\w))"
    r"(#[\w\-]+)?")
URL = re.compile(r"\b[a-z][a-z0-9+.\-]*://\S+", re.IGNORECASE)
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
MIGRATION = re.compile(r"(\w+)/(\d{4})")
FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class Named:
    source: str  # the file naming it, relative to ROOT
    line: int
    path: str  # as written, without its anchor
    anchor: str | None
    relative: bool = False  # a Markdown link: resolved from the naming file's folder

    def __str__(self) -> str:
        anchor = f"#{self.anchor}" if self.anchor else ""
        return f"{self.source}:{self.line}: {self.path}{anchor}"


def paths_in_text(text: str, source: str, first_line: int = 1) -> list[Named]:
    """The root-relative paths named in `text` (prose, a comment or a docstring)."""
    found = []
    for offset, line in enumerate(text.splitlines()):
        line = URL.sub(" ", line)
        for match in PATH.finditer(line):
            path = match.group(1).rstrip(".")
            anchor = match.group(2)[1:] if match.group(2) else None
            found.append(Named(source, first_line + offset, path, anchor))
    return found


def paths_in_markdown(text: str, source: str) -> list[Named]:
    """Links' targets (relative to the file) and the paths named elsewhere in the text."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in LINK.finditer(line):
            target = match.group(1)
            if URL.match(target) or target.startswith("mailto:"):
                continue
            path, _, anchor = target.partition("#")
            found.append(Named(source, number, path, anchor or None, relative=True))
        # A link's target is checked above, relative to the file; the rest from the root.
        found.extend(paths_in_text(LINK.sub("]", line), source, number))
    return found


def comments_and_docstrings(code: str) -> list[tuple[int, str]]:
    """(first line, text) of every comment and docstring of a Python module, and of the
    string given as a model field's `help_text` (documentation too).

    A docstring here is a string that is a statement on its own (a module's, class's or
    function's docstring, or a string used as a comment), found from the tokens alone:
    no parse of the module is needed (this keeps the test fast)."""
    pieces = []
    before: list[tokenize.TokenInfo] = []  # the last two significant tokens
    string: tokenize.TokenInfo | None = None  # a string starting a statement
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type == tokenize.COMMENT:
            pieces.append((tok.start[0], tok.string))
            continue
        if tok.type == tokenize.NL:
            continue
        if string is not None and tok.type in (tokenize.NEWLINE, tokenize.ENDMARKER):
            pieces.append((string.start[0], string.string))
        starts = not before or before[-1].type in _STATEMENT_START
        string = tok if tok.type == tokenize.STRING and starts else None
        if tok.type == tokenize.STRING and [b.string for b in before] == ["help_text", "="]:
            pieces.append((tok.start[0], tok.string))
        before = [*before[-1:], tok]
    return pieces


_STATEMENT_START = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)


def paths_in_python(code: str, source: str) -> list[Named]:
    if not PATH.search(code):  # most modules name no path: no need to read their tokens
        return []
    found = []
    for line, text in comments_and_docstrings(code):
        found.extend(paths_in_text(text, source, line))
    return found


def github_anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a Markdown file's headings (duplicates get -1, -2 ...)."""
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in markdown.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = re.match(r"^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or not heading:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading.group(1))
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def problem(named: Named) -> str | None:
    """Why `named` names nothing, or None when it names a file or folder of the repo."""
    base = (ROOT / named.source).parent if named.relative else ROOT
    if not named.path:  # a link to an anchor of its own file
        target = ROOT / named.source
    else:
        target = (base / named.path).resolve()
        if ROOT not in target.parents and target != ROOT:
            return "outside the repository"
    if not target.exists() and not named.relative:
        if named.path.startswith(BUILT):
            return None
        label = MIGRATION.fullmatch(named.path)
        if label:  # `events/0005`: Django's name of a migration
            target = ROOT / label.group(1) / "migrations" / label.group(2)
        numbered = ("." not in target.name and not named.path.endswith("/")
                    and target.parent.is_dir()
                    and [p for p in target.parent.iterdir()
                         if p.name.startswith((target.name + "-", target.name + "_"))])
        if not numbered or len(numbered) != 1:
            return "no such file or folder"
        target = numbered[0]
    elif not target.exists():
        return "no such file or folder"
    if named.path.endswith("/") and not target.is_dir():
        return "not a folder"
    if named.anchor and target.suffix == ".md" \
            and named.anchor not in github_anchors(target.read_text(encoding="utf-8")):
        return f"no heading with the anchor #{named.anchor}"
    return None


def markdown_files() -> list[Path]:
    files: set[Path] = set()
    for pattern in MARKDOWN:
        files.update(ROOT.glob(pattern))
    return sorted(files)


def python_files() -> list[Path]:
    return sorted(p for folder in PYTHON_DIRS for p in (ROOT / folder).rglob("*.py")
                  if "__pycache__" not in p.parts and "node_modules" not in p.parts)


def everything_named() -> list[Named]:
    named = []
    for path in markdown_files():
        named.extend(paths_in_markdown(path.read_text(encoding="utf-8"),
                                       path.relative_to(ROOT).as_posix()))
    for path in python_files():
        named.extend(paths_in_python(path.read_text(encoding="utf-8"),
                                     path.relative_to(ROOT).as_posix()))
    return named


def test_every_named_path_exists() -> None:
    named = everything_named()
    assert len(named) > 500, "the search found almost nothing: is it broken?"
    broken, allowed_used = [], set()
    for item in named:
        why = problem(item)
        if why is None:
            continue
        key = (item.source, item.path)
        if key in ALLOWED:
            allowed_used.add(key)
            continue
        broken.append(f"{item}: {why}")
    assert not broken, "paths named in the docs or comments that do not exist:\n" + \
        "\n".join(broken)
    stale = sorted(set(ALLOWED) - allowed_used)
    assert not stale, f"ALLOWED entries no longer needed (remove them): {stale}"


# --- the detector itself ---------------------------------------------------------------

def _paths(text: str) -> list[str]:
    return [n.path + (f"#{n.anchor}" if n.anchor else "") for n in paths_in_text(text, "x")]


def test_the_detector_finds_paths_with_lines_and_anchors() -> None:
    assert _paths("see events/store/sql.py:42, and docs/scaling.md#metrics-and-health.") == [
        "events/store/sql.py", "docs/scaling.md#metrics-and-health"]
    assert _paths("(tests/api/test_query_budgets.py) docs/games/ tests/games README.md.") == [
        "tests/api/test_query_budgets.py", "docs/games/", "tests/games", "README.md"]
    assert _paths("`.ci/run` and `games/verify/README.md`") == [".ci/run",
                                                                 "games/verify/README.md"]


def test_the_detector_skips_urls_routes_and_tails_of_other_paths() -> None:
    assert _paths("GET /api/v1/games/{id}/events and http://example.org/" + SAMPLE_DOC) == []
    assert _paths("./web/dist .venv/bin/python ../shared/DESIGN.md games.verify.cli") == []
    assert _paths("my-api/x.py, README.mdx, dev.pyc, the events/ app") == ["events/"]


def test_markdown_links_resolve_from_their_file() -> None:
    links = paths_in_markdown("[0006](decisions/0006-x.md#context) and [top](#set-up) "
                              "[site](https://example.org/a.md)", "docs/benchmarks.md")
    assert [(n.path, n.anchor, n.relative) for n in links] == [
        ("decisions/0006-x.md", "context", True), ("", "set-up", True)]


def test_only_comments_and_docstrings_are_read() -> None:
    # The sample's paths are built, not written: this file must name no missing path.
    d = "docs"
    code = (f'"""Module: {d}/a.md."""\nX = "{d}/b.md"  # {d}/c.md\n'
            f'def f():\n    """{d}/d.md"""\n    return f("{d}/e.md")\n'
            f'class C:\n    y = ("{d}/f.md"\n         "{d}/g.md")\n    "{d}/h.md"\n'
            f'    z = Field(max_length=5, help_text="see {d}/i.md")\n')
    assert [n.path for n in paths_in_python(code, "x.py")] == [
        f"{d}/{name}.md" for name in "acdhi"]


def test_github_anchors() -> None:
    text = ("# Title\n## Set-up: two commands\n```sh\n# not a heading\n```\n"
            "### `POST /actions`, again\n## Set-up: two commands\n")
    assert github_anchors(text) == {"title", "set-up-two-commands", "post-actions-again",
                                    "set-up-two-commands-1"}


def test_a_broken_reference_is_reported() -> None:
    assert problem(Named(SAMPLE_DOC, 1, "events/" + "signing.py", None)) == "no such file or folder"
    assert problem(Named("README.md", 1, "docs/scaling.md", "no-such-heading")) == \
        "no heading with the anchor #no-such-heading"
    assert problem(Named("docs/benchmarks.md", 1, "../../elsewhere.md", None, True)) == \
        "outside the repository"
    assert problem(Named(SAMPLE_DOC, 1, "docs/decisions/0006", None)) is None
    assert problem(Named(SAMPLE_DOC, 1, "events/0005", None)) is None
    assert problem(Named(SAMPLE_DOC, 1, "events/0999", None)) == "no such file or folder"
    assert problem(Named(SAMPLE_DOC, 1, "tests/test_named_paths.py/", None)) == "not a folder"
