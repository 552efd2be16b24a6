#!/usr/bin/env bash
# Makes the corpus's PDF files and their text, from sources in this repository:
# - pdf-play/othello-acts-1-2.pdf: Othello, Acts 1-2, typeset by pdfLaTeX from sources/oth.xml
#   (tei_editions.py writes the .tex; Debian's texlive-latex-base typesets it);
# - pdf-scanned/macbeth-act-1-scenes-1-3.pdf: Macbeth, Act 1, Scenes 1-3, typeset the same way;
#   the scanned copy is made from it by the OCR test (rasterised, then wrapped as an image-only
#   PDF), so no scan is kept here;
# - pdf-browser/*.pdf: Fountain screenplays with dual dialogue, turned into HTML by fountain-js
#   (screenplay-html.mjs) and printed by Chromium's print to PDF.
# Each PDF's text is kept beside it as .pdf.txt, made as the server makes it (pdf-text.ts).
# Not part of the build or the tests: texlive and fountain-js are needed only to run this, and
# the files it makes are committed. Run from anywhere: bash make/build-pdfs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 make/tei_editions.py
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p pdf-play pdf-scanned pdf-browser
for name in othello-acts-1-2 macbeth-act-1-scenes-1-3; do
  cp "make/tex/$name.tex" "$work/"
  (cd "$work" && pdflatex -interaction=batchmode "$name.tex" >/dev/null && pdflatex -interaction=batchmode "$name.tex" >/dev/null)
done
cp "$work/othello-acts-1-2.pdf" pdf-play/
cp "$work/macbeth-act-1-scenes-1-3.pdf" pdf-scanned/
(cd "$work" && npm init -y >/dev/null && npm install --no-audit --no-fund fountain-js@1.2.4 >/dev/null)
for name in little-women brick-and-steel; do
  node make/screenplay-html.mjs "$work/node_modules" "fountain/$name.fountain" "$work/$name.html"
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-pdf-header-footer \
    --print-to-pdf="$work/$name.pdf" "file://$work/$name.html" 2>/dev/null
  cp "$work/$name.pdf" "pdf-browser/$name.pdf"
done
for pdf in pdf-play/*.pdf pdf-browser/*.pdf; do
  pdftotext -layout -enc UTF-8 -q "$pdf" "$pdf.txt"
done
