#!/usr/bin/env python3
"""Writes open-tamil-tables.json and glibc-tscii.json, the source data of uraikal-legacy's tables.

Run with open-tamil 1.1 installed (PyPI `open-tamil`, MIT) and glibc's iconv on PATH:
    python3 -m venv /tmp/venv-legacy && /tmp/venv-legacy/bin/pip install open-tamil==1.1
    /tmp/venv-legacy/bin/python crates/uraikal-legacy/data/dump_tables.py
then `cargo xtask legacy-tables` turns them into crates/uraikal-legacy/src/tables.rs.
"""
import json
import os
import subprocess

import tamil.txt2unicode.encode2utf8 as E

NAMES = ['anjal', 'anu', 'bamini', 'boomi', 'diacritic', 'dinakaran', 'dinamani', 'dinathanthy', 'indica', 'indoweb',
         'kavipriya', 'koeln', 'libi', 'murasoli', 'mylai', 'nakkeeran', 'oldvikatan', 'pallavar', 'roman', 'shreelipi',
         'shreelipiavid', 'softview', 'tab', 'tace', 'tam', 'tscii', 'vanavil', 'webulagam']
HERE = os.path.dirname(os.path.abspath(__file__))

tables = {}
for name in NAMES:
    # The dictionary as open-tamil uses it (an OrderedDict: a repeated key keeps its first place, its last value).
    tables[name] = [[k, v] for k, v in getattr(E, name + '2utf8').items()]
doc = {
    'source': 'open-tamil 1.1 (PyPI open-tamil, MIT licence), tamil/txt2unicode/encode2utf8.py: the <name>2utf8 tables',
    'licence': 'MIT; Copyright (c) open-tamil developers (M. Annamalai, T. Arulalan and contributors)',
    'note': 'pairs [legacy glyph sequence, Unicode] in the dictionaries\' order',
    'encodings': tables,
}
with open(os.path.join(HERE, 'open-tamil-tables.json'), 'w', encoding='utf-8') as f:
    json.dump(doc, f, ensure_ascii=False, indent=0)
    f.write('\n')

# glibc's TSCII charmap: what `iconv -f TSCII -t UTF-8` makes of each byte alone (a pre-base vowel sign alone
# comes out as the sign itself), recorded as facts, byte by byte.
single = {}
for b in range(256):
    p = subprocess.run(['iconv', '-f', 'TSCII', '-t', 'UTF-8'], input=bytes([b]), capture_output=True)
    if p.returncode == 0:
        single['%02X' % b] = p.stdout.decode('utf-8')
tscii = {
    'source': 'glibc iconv TSCII (iconv -f TSCII -t UTF-8 on each byte alone); ' + subprocess.run(['iconv', '--version'], capture_output=True, text=True).stdout.splitlines()[0],
    'bytes': single,
}
with open(os.path.join(HERE, 'glibc-tscii.json'), 'w', encoding='utf-8') as f:
    json.dump(tscii, f, ensure_ascii=False, indent=0, sort_keys=True)
    f.write('\n')
