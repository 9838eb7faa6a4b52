#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Every specification citation in lib/, include/ and docs/*.md resolves.

A citation is "docs/spec/<file>.md" optionally followed by section numbers
("docs/spec/ondemand.md 3.3", "... 2.1, 2.2", "... 6.2-6.4"); the file must
exist and each number must be a heading of it ("## 3." / "### 3.3 ...").
A bare "spec N.M" (a document the reader cannot find) is an error.
Run from the project root; prints file:line: reason, exits 1 on any.
"""
import glob
import re
import sys

CITE = re.compile(r'docs/spec/([\w.-]+?)\.md((?:[ ,]+(?:sections? )?\d+(?:\.\d+)*(?:-\d+(?:\.\d+)*)?)*)')
BARE = re.compile(r'(?<![/\w])spec[ /](?:\d|\w+\.md)')
heads = {}
bad = 0
files = sorted(glob.glob('lib/*.c') + glob.glob('lib/internal/*.h') + glob.glob('include/pgov/*.h') +
               glob.glob('include/pgov/core/*.h') +
               glob.glob('docs/*.md'))
for path in files:
    for n, line in enumerate(open(path, encoding='utf-8'), 1):
        if BARE.search(line):
            print(f'{path}:{n}: "spec N" without a document: cite docs/spec/<file>.md N')
            bad += 1
        for m in CITE.finditer(line):
            doc = f'docs/spec/{m.group(1)}.md'
            if doc not in heads:
                try:
                    text = open(doc, encoding='utf-8').read()
                except OSError:
                    print(f'{path}:{n}: {doc} does not exist')
                    bad += 1
                    heads[doc] = None
                    continue
                heads[doc] = set(re.findall(r'^#+ (\d+(?:\.\d+)*)\.? ', text, re.M))
            if heads[doc] is None:
                continue
            for num in re.findall(r'\d+(?:\.\d+)*', m.group(2)):
                if num not in heads[doc]:
                    print(f'{path}:{n}: {doc} has no section {num}')
                    bad += 1
sys.exit(1 if bad else 0)
