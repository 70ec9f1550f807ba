#!/usr/bin/env python3
"""Runs every example of docs/usage.md and checks that no doc or source cites files outside the
repository.

    python3 tests/usage_check.py MATHGO REPO_ROOT

Examples: in the ```sh blocks of docs/usage.md, a line starting with "$ " is a command (run with
sh, `mathgo` being the built binary, in a scratch folder that mirrors the repository's top folder
so that files the examples write do not land in the source tree); the lines after it, up to the
next command or the end of the block, are its standard output, where a line "..." stands for any
number of lines.  The command must exit 0 within a few seconds and print exactly the shown lines.

Sources: every file of the repository (docs, README.md, examples, sources, tests) is searched for
citations of the shared folder outside the repository, and every docs/sources/ file a text names
must exist.  Standard library only.
"""
import os
import re
import subprocess
import sys
import tempfile

OUTSIDE = ".." + "/shared"  # spelled in two parts so that this file does not cite it
SKIPPED_DIRS = {".git", "node_modules"}
EXAMPLE_TIMEOUT_S = 20


def examples(usage_text):
    """Yields (line number, command, expected output lines) for every example."""
    in_block = False
    current = None
    for number, line in enumerate(usage_text.splitlines(), 1):
        if not in_block:
            in_block = line.strip() == "```sh"
            continue
        if line.strip() == "```":
            in_block = False
            if current:
                yield current
            current = None
        elif line.startswith("$ "):
            if current:
                yield current
            current = (number, line[2:], [])
        elif current:
            current[2].append(line)
        else:
            raise SystemExit("docs/usage.md:%d: output before any command" % number)


def trimmed(lines):
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def output_matches(expected, actual):
    pattern = ""
    for line in trimmed(expected):
        pattern += r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + r"\n"
    text = "".join(line + "\n" for line in trimmed(actual))
    return re.fullmatch(pattern, text) is not None


def check_examples(mathgo, root):
    failures = 0
    count = 0
    with tempfile.TemporaryDirectory(prefix="mathgo_usage_") as scratch:
        bin_dir = os.path.join(scratch, "bin")
        work_dir = os.path.join(scratch, "work")
        os.mkdir(bin_dir)
        os.mkdir(work_dir)
        os.symlink(os.path.abspath(mathgo), os.path.join(bin_dir, "mathgo"))
        for entry in os.listdir(root):
            if entry not in SKIPPED_DIRS:
                os.symlink(os.path.join(root, entry), os.path.join(work_dir, entry))
        env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ.get("PATH", ""))
        with open(os.path.join(root, "docs", "usage.md"), encoding="utf-8") as usage:
            for number, command, expected in examples(usage.read()):
                count += 1
                try:
                    run = subprocess.run(["sh", "-c", command], cwd=work_dir, env=env,
                                         capture_output=True, text=True,
                                         timeout=EXAMPLE_TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    print("docs/usage.md:%d: `%s` took over %d s" %
                          (number, command, EXAMPLE_TIMEOUT_S))
                    failures += 1
                    continue
                if run.returncode != 0:
                    print("docs/usage.md:%d: `%s` exited %d: %s" %
                          (number, command, run.returncode, run.stderr.strip()))
                    failures += 1
                elif not output_matches(expected, run.stdout.splitlines()):
                    print("docs/usage.md:%d: `%s` printed\n%s\ninstead of\n%s" %
                          (number, command, run.stdout, "\n".join(expected)))
                    failures += 1
    if count < 8:
        print("docs/usage.md: only %d examples found (the tour has at least 8)" % count)
        failures += 1
    print("usage examples: %d run, %d failed" % (count, failures))
    return failures


def repository_files(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs
                         if d not in SKIPPED_DIRS and not d.startswith("build"))
        for name in sorted(files):
            yield os.path.join(folder, name)


def check_citations(root):
    failures = 0
    cited_source = re.compile(r"docs/sources/([A-Za-z0-9_.-]+\.txt)")
    for path in repository_files(root):
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except (UnicodeDecodeError, OSError):
            continue  # not text
        relative = os.path.relpath(path, root)
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE in line:
                print("%s:%d: cites a file outside the repository (%s): %s" %
                      (relative, number, OUTSIDE, line.strip()))
                failures += 1
            for name in cited_source.findall(line):
                if not os.path.isfile(os.path.join(root, "docs", "sources", name)):
                    print("%s:%d: cites docs/sources/%s, which is not in the repository" %
                          (relative, number, name))
                    failures += 1
    if not os.path.isfile(os.path.join(root, "docs", "references.md")):
        print("docs/references.md is missing")
        failures += 1
    print("citations: %d outside the repository or missing" % failures)
    return failures


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: usage_check.py MATHGO REPO_ROOT")
    mathgo, root = sys.argv[1], os.path.abspath(sys.argv[2])
    failures = check_citations(root) + check_examples(mathgo, root)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
