#!/usr/bin/env python3
"""Ground truth for the real-script corpus: speaking characters and speeches per character.

Written separately from the product's parser (TypeScript) and on purpose much simpler: one
small rule per layout, each checked by hand on the files (see SOURCES.md). A speech is one cue
followed by words that are spoken (text left after removing [...] and (...) directions).

- Final Draft: a real XML parser (ElementTree), which also gives the number of spoken words. The body is FinalDraft > Content; paragraphs
  inside ScriptNote, SceneProperties and the title page are not the script.
- Fountain and PDF files count from the same script's Final Draft file (see PAIRED), except the
  three tiny Fountain syntax samples, counted by hand in hand-counts.json (as is the radio play
  written for the corpus, colon/the-last-ferry.txt).
- Transcripts, plays: one regular expression per layout over the lines (see each function).

Run from this folder: python3 truth.py > truth.json
"""
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).parent


def name(raw: str) -> str:
    raw = re.sub(r"\([^)]*\)", " ", raw)
    raw = raw.replace("’", "'").replace("^", " ")
    raw = re.sub(r"\s+", " ", raw).strip().upper()
    raw = re.sub(r"\s+CONT'?D$", "", raw)
    return raw.strip(" .:")


def spoken(text: str) -> bool:
    text = re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", text)
    return re.search(r"[A-Za-z0-9]", text) is not None


def add(counts: dict, who: str) -> None:
    counts[who] = counts.get(who, 0) + 1


# --- Final Draft --------------------------------------------------------------------------

NOT_SCRIPT = {"ScriptNote", "SceneProperties", "OmittedScene", "DynamicLabel"}


def fdx_paragraphs(element):
    """Leaf paragraphs of the body in document order, skipping notes and properties."""
    for child in element:
        if child.tag in NOT_SCRIPT:
            continue
        if child.tag == "Paragraph":
            nested = [c for c in child if c.tag in ("Paragraph", "DualDialogue")]
            if nested:
                yield from fdx_paragraphs(child)
            else:
                text = "".join("".join(t.itertext()) for t in child if t.tag == "Text")
                yield child.get("Type", "Action"), text
        elif child.tag == "DualDialogue":
            yield from fdx_paragraphs(child)


def words(text: str) -> int:
    """Spoken words: directions in brackets or parentheses removed, split at anything else."""
    return len(re.findall(r"[A-Za-z0-9]+", re.sub(r"\[[^\]]*\]|\([^)]*\)", " ", text)))


def fdx(path: Path) -> dict:
    return fdx_reading(path)[0]


def fdx_words(path: Path) -> int:
    return fdx_reading(path)[1]


def fdx_reading(path: Path) -> tuple:
    body = ET.parse(path).getroot().find("Content")
    counts: dict = {}
    total = 0
    cue, said = None, False
    for kind, text in list(fdx_paragraphs(body)) + [("End", "")]:
        if kind in ("Dialogue", "Lyrics"):
            said = said or spoken(text)
            if cue:
                total += words(text)
            continue
        if kind == "Parenthetical":
            continue
        if cue and said:
            add(counts, cue)
        cue, said = (name(text), False) if kind == "Character" and name(text) else (None, False)
    return counts, total


# --- Transcripts and plays ------------------------------------------------------------------

def scotus(path: Path) -> dict:
    """Line-numbered Supreme Court transcript: '  7   JUSTICE SCALIA:   Well, ...'."""
    counts: dict = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s*\d{1,2}\s+((?:[A-Z][A-Z.']*\s)*[A-Z][A-Z.']*):(\s+\S|\s*$)", line)
        if m and m.group(1) not in ("APPEARANCES",):
            add(counts, name(m.group(1)))
    return counts


def own_line(path: Path, cue: str, start: str | None) -> dict:
    """A cue alone on its line after a blank line ('ROMEO:' or 'ROMEO.'), speech below it."""
    lines = path.read_text(encoding="utf-8").splitlines()
    counts: dict = {}
    started = start is None
    for i, line in enumerate(lines):
        if not started:
            started = line.strip() == start
            continue
        if line.startswith("*** END OF"):
            break
        blank_before = i == 0 or not lines[i - 1].strip()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        # The edition sometimes runs the speech on after the cue: "THIRD WATCH. Here is a Friar".
        run_on = re.match(r"^([A-Z][A-Z’' &]*[A-Z])\. (\S.*)", line)
        if blank_before and run_on and not re.match(r"^(ACT|SCENE)\b", line) and cue.endswith("\\."):
            add(counts, name(run_on.group(1)))
            continue
        if blank_before and re.fullmatch(cue, line.rstrip()) and nxt.strip():
            # The speech runs to the next blank line; a speech of stage directions only is no speech.
            j, words = i + 1, []
            while j < len(lines) and lines[j].strip():
                words.append(lines[j])
                j += 1
            if spoken(" ".join(words)):
                add(counts, name(line.rstrip()[:-1]))
    return counts


def inline(path: Path) -> dict:
    """Gutenberg editions of Wilde: 'Algernon.  Did you hear...' / 'MRS. MARCHMONT.  Going...'."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    body = text[text.index("\nFIRST ACT\n"):]
    end = body.find("End of the Project Gutenberg")
    body = body[: end if end > 0 else len(body)]
    counts: dict = {}
    for para in re.split(r"\n[ \t]*\n", body):
        # The cue ends with a full stop and two spaces, or (capitals only) runs into a direction:
        # "MRS. CHEVELEY [_Superciliously_.]  Indeed?".
        m = re.match(r"^((?:[A-Z][A-Za-z]*\.? )*[A-Z][A-Za-z]*)\.  (.*)", para.strip(), re.S)
        m = m or re.match(r"^((?:[A-Z][A-Z]*\.? )*[A-Z][A-Z]+) (\[.*)", para.strip(), re.S)
        if m and spoken(m.group(2)):
            add(counts, name(m.group(1)))
    return counts


def gutenberg_alone(path: Path) -> dict:
    """Gutenberg editions with the cue as a paragraph of its own, in italics and mixed case:
    '_Gudfinna._', '_The Boy (throws his dart)._', '_Kari and Magnus._', or the name in italics
    and its delivery in parentheses, the speech after them: '_Halla_ (_to Jon's Wife_). Your...'.

    Only the work between the licence header and footer is read. A speech is every paragraph
    from its cue to the next cue or act heading; it is spoken when one of its paragraphs is
    neither a bracketed nor an indented direction. A cue paragraph is one line of name words
    (each capitalised, or 'and', 'of', 'the'), an optional parenthesised delivery and a stop.
    """
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    start = re.search(r"^\*{3} ?START OF .*$", text, re.M).end()
    end = re.search(r"^\*{3} ?END OF ", text, re.M).start()
    cue = re.compile(r"^_((?:[A-ZÆØÅ][\w'’]*)(?: (?:and|of|the|[A-ZÆØÅ][\w'’]*))*)(?: \([^)]*\))?\._$")
    italic_cue = re.compile(r"^_([A-ZÆØÅ][\w'’]*(?: [\w'’]+){0,3})_ \([^)]*(?:\._?\)|\)\.)(.*)$", re.S)
    counts: dict = {}
    who, said = None, False
    for para in re.split(r"\n[ \t]*\n", text[start:end]) + ["ACT END"]:
        first = para.strip().split("\n")[0] if para.strip() else ""
        # A cue paragraph may wrap its delivery over a second or third line.
        m = cue.match(" ".join(para.split())) if para.count("\n") < 3 else None
        italic = italic_cue.match(para.strip())
        if m and m.group(1).split()[0] not in ("Enter", "Exit", "Curtain"):
            if who and said:
                add(counts, name(who))
            who, said = m.group(1), False
        elif italic:
            if who and said:
                add(counts, name(who))
            who, said = italic.group(1), spoken(italic.group(2))
        elif re.match(r"^ACT\b", first):
            if who and said:
                add(counts, name(who))
            who, said = None, False
        elif who and para.strip() and not para.startswith((" ", "[", "(")):
            said = said or spoken(para)
    return counts


# --- TEI editions ----------------------------------------------------------------------------

TEI = "{http://www.tei-c.org/ns/1.0}"


def tei(path: Path, acts=None, scenes=None) -> dict:
    """Speeches of a TEI play (MONK Shakespeare): each <sp> with spoken words, by <speaker>.

    The words are the speech's text without its <stage> directions. Only the body's acts
    (and scenes) given are counted, when given.
    """
    body = ET.parse(path).getroot().find(f"{TEI}text/{TEI}body")
    counts: dict = {}
    for act in body.findall(f"{TEI}div"):
        a = int(re.search(r"\d+", act.findtext(f"{TEI}head")).group())
        if acts and a not in acts:
            continue
        for scene in act.findall(f"{TEI}div"):
            s = int(re.search(r"Scene (\d+)", scene.findtext(f"{TEI}head")).group(1))
            if scenes and s not in scenes:
                continue
            for sp in scene.iter(f"{TEI}sp"):
                words = []
                for part in sp:
                    if part.tag in (f"{TEI}speaker", f"{TEI}stage"):
                        continue
                    words.append(tei_words(part))
                if spoken(" ".join(words)):
                    add(counts, name("".join(sp.find(f"{TEI}speaker").itertext())))
    return counts


def tei_words(el) -> str:
    parts = [el.text or ""]
    for child in el:
        if child.tag != f"{TEI}stage":
            parts.append(tei_words(child))
        parts.append(child.tail or "")
    return "".join(parts)


# Files written from a TEI edition (make/tei_editions.py, make/build-pdfs.sh): their truth is
# the TEI's speeches over the same acts and scenes.
FROM_TEI = {
    "play-folger/macbeth-folger-layout.txt": ("sources/mac.xml", None, None),
    "pdf-play/othello-acts-1-2.pdf.txt": ("sources/oth.xml", {1, 2}, None),
    "pdf-scanned/macbeth-act-1-scenes-1-3.pdf": ("sources/mac.xml", {1}, {1, 2, 3}),
}


# --- The corpus ---------------------------------------------------------------------------

# Fountain and PDF files whose truth is the same script's Final Draft file in this corpus.
PAIRED = {
    "fountain/brick-and-steel.fountain": "fdx/brick-and-steel.fdx",
    "fountain/the-last-birthday-card.fountain": "fdx/the-last-birthday-card.fdx",
    "fountain/big-fish.fountain": "fdx/big-fish.fdx",
    "fountain/little-women.fountain": "fdx/little-women.fdx",
    "pdf/brick-and-steel.pdf.txt": "fdx/brick-and-steel.fdx",
    "pdf/the-last-birthday-card.pdf.txt": "fdx/the-last-birthday-card.fdx",
    "pdf/big-fish.pdf.txt": "fdx/big-fish.fdx",
    "pdf/little-women.pdf.txt": "fdx/little-women.fdx",
    "pdf/big-fish-scene-numbers.pdf.txt": "fdx/big-fish-scene-numbers.fdx",
    "pdf-browser/little-women.pdf.txt": "fdx/little-women.fdx",
    "pdf-browser/brick-and-steel.pdf.txt": "fdx/brick-and-steel.fdx",
}


def truth_for(rel: str) -> dict:
    path = HERE / rel
    layout = rel.split("/")[0]
    if rel in PAIRED:
        return fdx(HERE / PAIRED[rel])
    if rel in FROM_TEI:
        source, acts, scenes = FROM_TEI[rel]
        return tei(HERE / source, acts, scenes)
    if layout == "fdx":
        return fdx(path)
    if layout == "colon":
        return scotus(path)
    if rel.endswith("tinyshakespeare-excerpt.txt"):
        return own_line(path, r"[A-Z][A-Za-z' ]*:", None)
    if layout == "play-own-line":
        return own_line(path, r"[A-Z][A-Z’' &]*[A-Z]\.", "THE PROLOGUE")
    if layout == "play-inline":
        return inline(path)
    if layout == "play-gutenberg":
        return gutenberg_alone(path)
    raise SystemExit(f"no rule for {rel}")


def main() -> None:
    hand = json.loads((HERE / "hand-counts.json").read_text(encoding="utf-8"))
    files = {}
    for path in sorted(HERE.glob("*/*")):
        rel = path.relative_to(HERE).as_posix()
        # Sources, the programs that make files, and PDFs kept beside their text are not scored;
        # the scanned PDF is (by the OCR test, server/src/features/scripts/ocr.test.ts).
        if rel.split("/")[0] in ("sources", "make") or (rel.endswith(".pdf") and rel not in FROM_TEI):
            continue
        if rel in hand:
            speeches = hand[rel]
        else:
            speeches = truth_for(rel)
        files[rel] = {"layout": rel.split("/")[0], "speeches": dict(sorted(speeches.items()))}
        # Spoken words, where a Final Draft file gives them (Final Draft, and its Fountain and PDF).
        source = PAIRED.get(rel, rel if rel.endswith(".fdx") else None)
        if source:
            files[rel]["words"] = fdx_words(HERE / source)
    json.dump({"files": files}, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
