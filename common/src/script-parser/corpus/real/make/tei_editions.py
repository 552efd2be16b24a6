#!/usr/bin/env python3
"""Prints a TEI play (sources/*.xml, MONK Shakespeare) in the layouts actors are sent.

Written apart from the product's parser: it only walks the TEI's <div>, <head>, <stage>, <sp>,
<speaker>, <l>, <ab> and <p> elements. Run from corpus/real:

    python3 make/tei_editions.py

It writes:
- play-folger/macbeth-folger-layout.txt: the layout of the Folger Shakespeare Library's TXT
  downloads: a title block, "Characters in the Play" and the act and scene headings underlined
  with "=", directions in square brackets, "NAME  first line" with the rest of the speech on the
  lines below (verse lines indented two spaces, prose not), a direction that opens a speech
  written after the name ("NAME, [aside]  text"), a blank line between speeches.
- pdf-play/othello-acts-1-2.tex and pdf-scanned/macbeth-act-1-scenes-1-3.tex: a play set with
  LaTeX: the speaker's name in small capitals at the left margin, the speech beside it in a
  column (wrapped and verse lines under the speech, not under the name), directions in italics.
  make/build-pdfs.sh typesets them (texlive, not needed by the build or the tests).
"""
import re
import xml.etree.ElementTree as ET
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
NS = "{http://www.tei-c.org/ns/1.0}"


def text_of(el) -> str:
    """An element's words without the stage directions inside it, spaces collapsed."""
    parts = [el.text or ""]
    for child in el:
        if child.tag != NS + "stage":
            parts.append(text_of(child))
        parts.append(child.tail or "")
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def stages_in(el) -> list:
    return [re.sub(r"\s+", " ", "".join(s.itertext())).strip() for s in el.iter(NS + "stage")]


def speech_lines(sp):
    """(kind, text) pieces of a speech in order: ('verse'|'prose', words) and ('stage', text)."""
    for child in sp:
        if child.tag == NS + "speaker":
            continue
        if child.tag == NS + "stage":
            yield "stage", re.sub(r"\s+", " ", "".join(child.itertext())).strip()
            continue
        if child.tag in (NS + "lg",):
            for inner in child:
                yield "verse", text_of(inner)
                for s in stages_in(inner):
                    yield "stage", s
            continue
        kind = "verse" if child.tag == NS + "l" else "prose"
        words = text_of(child)
        if words:
            yield kind, words
        for s in stages_in(child):
            yield "stage", s


def speaker_of(sp) -> str:
    el = sp.find(NS + "speaker")
    return re.sub(r"\s+", " ", "".join(el.itertext())).strip().rstrip(".") if el is not None else ""


def scenes(root, acts=None, scenes_of=None):
    """(act head, scene head, scene element) for the body's scenes, optionally only some."""
    body = root.find(f"{NS}text/{NS}body")
    for act in body.findall(NS + "div"):
        act_head = act.findtext(NS + "head").strip()
        n = int(re.search(r"\d+", act_head).group())
        if acts and n not in acts:
            continue
        for scene in act.findall(NS + "div"):
            head = scene.findtext(NS + "head").strip()
            s = int(re.search(r"Scene (\d+)", head).group(1))
            if scenes_of and s not in scenes_of:
                continue
            yield act_head, head, scene


def folger_txt(root, title: str) -> str:
    out = [title, "by William Shakespeare", "", "Characters in the Play", "=" * 22]
    cast = root.find(f"{NS}text/{NS}front")
    for item in cast.iter(NS + "castItem"):
        words = re.sub(r"\s+", " ", "".join(item.itertext())).strip()
        if words:
            out.append(words)
    out.append("")
    last_act = None
    for act_head, head, scene in scenes(root):
        if act_head != last_act:
            act = act_head.upper()
            out += ["", act, "=" * len(act), ""]
            last_act = act_head
        name = head.split(", ", 1)[1]
        out += [name, "=" * len(name)]
        for el in scene:
            if el.tag == NS + "stage":
                out.append(f"[{text_of(el)}]")
                out.append("")
            elif el.tag == NS + "sp":
                pieces = list(speech_lines(el))
                cue = speaker_of(el).upper()
                if pieces and pieces[0][0] == "stage":
                    cue += f", [{pieces.pop(0)[1]}]"
                first = True
                for kind, words in pieces:
                    if kind == "stage":
                        out.append(f"[{words}]")
                    elif first:
                        out.append(f"{cue}  {words}")
                        first = False
                    else:
                        out.append(f"  {words}" if kind == "verse" else words)
                if first:
                    out.append(cue)
                out.append("")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def tex_escape(s: str) -> str:
    return (
        s.replace("\\", r"\textbackslash{}")
        .replace("&", r"\&")
        .replace("%", r"\%")
        .replace("$", r"\$")
        .replace("#", r"\#")
        .replace("_", r"\_")
        .replace("{", r"\{")
        .replace("}", r"\}")
        .replace("~", r"\textasciitilde{}")
        .replace("^", r"\textasciicircum{}")
    )


TEX_HEAD = r"""\documentclass[11pt,a5paper]{article}
% A5 with 18 mm margins, set by hand (the geometry package is not in texlive-latex-base).
\setlength{\pdfpagewidth}{148mm}\setlength{\pdfpageheight}{210mm}
\setlength{\textwidth}{112mm}\setlength{\textheight}{166mm}
\setlength{\oddsidemargin}{-7.4mm}\setlength{\topmargin}{-12mm}
\setlength{\headheight}{0pt}\setlength{\headsep}{0pt}
\pagestyle{plain}
\setlength{\parindent}{0pt}
\setlength{\parskip}{3pt}
% A speech: the speaker in small capitals in a margin column, the speech beside it.
\newlength{\cuewidth}\setlength{\cuewidth}{10.5em}
\newenvironment{speech}[1]{\par\hangindent=\cuewidth\hangafter=1
  \makebox[\cuewidth][l]{\textsc{#1}}\ignorespaces}{\par}
\newcommand{\direction}[1]{\par\hspace*{\cuewidth}\textit{#1}\par}
\newcommand{\scenehead}[1]{\par\bigskip{\centering\textsc{#1}\par}\medskip}
"""


def play_tex(root, title: str, acts=None, scenes_of=None) -> str:
    out = [TEX_HEAD, r"\begin{document}", r"{\centering\Large " + tex_escape(title) + r"\par}"]
    for _act, head, scene in scenes(root, acts, scenes_of):
        out.append(r"\scenehead{" + tex_escape(head) + "}")
        for el in scene:
            if el.tag == NS + "stage":
                out.append(r"\direction{" + tex_escape(text_of(el)) + "}")
            elif el.tag == NS + "sp":
                pieces = list(speech_lines(el))
                lines = []
                trailing = []
                for kind, words in pieces:
                    if kind == "stage" and lines:
                        trailing.append(words)
                        continue
                    if kind == "stage":
                        lines.append(r"\textit{[" + tex_escape(words) + "]}")
                        continue
                    for d in trailing:
                        lines.append(r"\textit{[" + tex_escape(d) + "]}")
                    trailing = []
                    lines.append(tex_escape(words))
                out.append(r"\begin{speech}{" + tex_escape(speaker_of(el)) + "}")
                out.append("\\\\\n".join(lines))
                out.append(r"\end{speech}")
                for d in trailing:
                    out.append(r"\direction{" + tex_escape(d) + "}")
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


def main() -> None:
    mac = ET.parse(HERE / "sources" / "mac.xml").getroot()
    oth = ET.parse(HERE / "sources" / "oth.xml").getroot()
    (HERE / "play-folger").mkdir(exist_ok=True)
    (HERE / "play-folger" / "macbeth-folger-layout.txt").write_text(
        folger_txt(mac, "Macbeth"), encoding="utf-8"
    )
    (HERE / "make" / "tex").mkdir(exist_ok=True)
    (HERE / "make" / "tex" / "othello-acts-1-2.tex").write_text(
        play_tex(oth, "Othello, the Moor of Venice", acts={1, 2}), encoding="utf-8"
    )
    (HERE / "make" / "tex" / "macbeth-act-1-scenes-1-3.tex").write_text(
        play_tex(mac, "Macbeth", acts={1}, scenes_of={1, 2, 3}), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
