#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the shell examples of a Markdown file, so that the docs never go stale.

    tools/run_doc_commands.py FILE.md WORKDIR

Every ```sh block is run, in order, one logical line at a time (a trailing backslash joins
lines; a here-document's lines belong to its command), with bash in WORKDIR; a line that exits non-zero fails the run. A line may end with a
comment `#=> TEXT`: its output (stdout and stderr) must then hold TEXT, where `...` stands for
anything within one output line. A block is not run when the line before its fence is
`<!-- docs-test: skip REASON -->`, and is run only when PROGRAM is on the PATH when that line is
`<!-- docs-test: needs PROGRAM -->`. Prints each command as it runs; exits 1 at the first
failure, naming FILE:LINE.
"""
import re
import shutil
import subprocess
import sys


def blocks(path):
    """(line number, [(line number, command)], marker) for every sh block."""
    lines = open(path, encoding='utf-8').read().split('\n')
    found, i = [], 0
    while i < len(lines):
        if lines[i].strip() == '```sh':
            marker = lines[i - 1].strip() if i > 0 else ''
            start, commands, pending, pending_line = i + 1, [], '', 0
            i += 1
            while i < len(lines) and lines[i].strip() != '```':
                text = lines[i]
                if not pending:
                    pending_line = i + 1
                heredoc = re.search(r"<<-?'?(\w+)'?", text)
                if heredoc:  # the here-document's lines belong to its command
                    while i + 1 < len(lines) and lines[i + 1] != heredoc.group(1):
                        i += 1
                        text += '\n' + lines[i]
                    i += 1
                    text += '\n' + heredoc.group(1)
                if text.endswith('\\'):
                    pending += text[:-1] + ' '
                else:
                    pending += text
                    if pending.strip():
                        commands.append((pending_line, pending))
                    pending = ''
                i += 1
            found.append((start, commands, marker))
        i += 1
    return found


def expected_text(command):
    """The command without its `#=> TEXT` comment, and TEXT (or None)."""
    match = re.search(r'\s#=>\s?(.*)$', command)
    if not match:
        return command, None
    return command[:match.start()], match.group(1).strip()


def holds(output, expected):
    """Whether one line of `output` holds the pieces of `expected` (split at ...) in order."""
    pieces = [p.strip() for p in expected.split('...') if p.strip()]
    for line in output.split('\n'):
        at = 0
        for piece in pieces:
            at = line.find(piece, at)
            if at < 0:
                break
            at += len(piece)
        else:
            return True
    return False


def main():
    path, workdir = sys.argv[1], sys.argv[2]
    for start, commands, marker in blocks(path):
        skip = re.match(r'<!-- docs-test: skip (.*) -->', marker)
        needs = re.match(r'<!-- docs-test: needs (\S+) -->', marker)
        if skip:
            print(f'{path}:{start}: skipped ({skip.group(1)})', flush=True)
            continue
        if needs and shutil.which(needs.group(1)) is None:
            print(f'{path}:{start}: skipped (no {needs.group(1)})', flush=True)
            continue
        for line, command in commands:
            run, expected = expected_text(command)
            print(f'$ {run.strip()}', flush=True)
            result = subprocess.run(['bash', '-o', 'pipefail', '-c', run], cwd=workdir, capture_output=True,
                                    text=True, errors='replace')
            output = result.stdout + result.stderr
            if result.returncode != 0:
                print(output[-4000:])
                print(f'{path}:{line}: exit status {result.returncode}')
                return 1
            if expected is not None and not holds(output, expected):
                print(output[-4000:])
                print(f'{path}:{line}: the output does not hold "{expected}"')
                return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
