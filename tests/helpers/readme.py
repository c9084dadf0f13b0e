"""The curl examples of the README and the docs, read as the requests they make."""

from __future__ import annotations

import re
import shlex
from urllib.parse import urlsplit


def shell_blocks(text: str) -> list[str]:
    """The ```sh blocks of a Markdown text."""
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def curl_examples(text: str) -> list[tuple[list[str], str | None]]:
    """Each ``curl`` command of a Markdown text's shell blocks as arguments, with the answer
    printed under it as ``# ...`` lines (or None)."""
    found = []
    for block in shell_blocks(text):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("curl "):
                i += 1
                continue
            command = lines[i]
            while True:  # a quoted body may span lines
                try:
                    arguments = shlex.split(command)
                    break
                except ValueError:
                    i += 1
                    command += "\n" + lines[i]
            i += 1
            printed = []
            while i < len(lines) and lines[i].startswith("#"):
                printed.append(lines[i].lstrip("#").strip())
                i += 1
            found.append((arguments, "".join(printed) or None))
    return found


def parsed(arguments: list[str]) -> tuple[str, dict[str, str], str | None]:
    """(path, headers, body) of a curl command's request."""
    headers, data, url = {}, None, None
    words = iter(arguments[1:])
    for word in words:
        if word == "-s":
            continue
        if word == "-H":
            name, value = next(words).split(":", 1)
            headers[name.strip()] = value.strip()
        elif word == "-d":
            data = next(words)
        elif word.startswith("-"):
            raise AssertionError(f"the test does not know curl's {word}")
        else:
            url = word
    assert url is not None and url.startswith("localhost:8000/"), url
    return urlsplit("http://" + url).path, headers, data
