#!/usr/bin/env python3
"""Fetches pre-commit 4.x for test/hooks/pre-commit.test.ts, next to the system's 3.x.

Debian 12 ships pre-commit 3.0.4 and PyPI is out of reach where toolgen is tested, but Debian 13
(trixie) ships pre-commit 4.x as an architecture-independent package whose dependencies (cfgv,
identify, nodeenv, virtualenv, PyYAML) are the ones Debian 12's pre-commit already installed. This
downloads that package from Debian's archive, checks it as apt would (InRelease's signature with
gpgv and Debian's archive keyring, the index's SHA-256 from InRelease, the package's from the index),
and unpacks it into DEST (default .cache/pre-commit-4); the tests run it as
`PYTHONPATH=DEST/root/usr/lib/python3/dist-packages python3 -m pre_commit`.

    python3 .ci/pre-commit-4.py [DEST]
"""
import hashlib
import lzma
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

MIRROR = "http://deb.debian.org/debian"
SUITE = "trixie"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=120) as response:
        return response.read()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def signed_release() -> str:
    """InRelease, after gpgv has checked its signature against Debian's archive keyring."""
    release = fetch(f"{MIRROR}/dists/{SUITE}/InRelease")
    with tempfile.NamedTemporaryFile(suffix=".InRelease") as f:
        f.write(release)
        f.flush()
        check = subprocess.run(["gpgv", "--keyring", KEYRING, f.name], capture_output=True, text=True)
    if check.returncode != 0:
        raise SystemExit(f"pre-commit-4: {SUITE}'s InRelease is not signed by a key of {KEYRING}:\n{check.stderr}")
    return release.decode()


def release_sha256(release: str, file: str) -> str:
    section = release.split("\nSHA256:\n", 1)[1]
    for line in section.splitlines():
        if not line.startswith(" "):
            break
        digest, _size, name = line.split()
        if name == file:
            return digest
    raise SystemExit(f"pre-commit-4: {file} is not listed in {SUITE}'s InRelease")


def package_entry(index: str, name: str) -> dict[str, str]:
    for stanza in index.split("\n\n"):
        fields = {}
        for line in stanza.splitlines():
            if line and not line[0].isspace() and ":" in line:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if fields.get("Package") == name:
            return fields
    raise SystemExit(f"pre-commit-4: no package {name!r} in {SUITE}'s index")


def main() -> None:
    dest = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(".cache", "pre-commit-4"))
    marker = os.path.join(dest, "VERSION")
    if os.path.exists(marker):
        print(f"pre-commit-4: {open(marker).read().strip()} already in {dest}")
        return
    release = signed_release()
    packed = fetch(f"{MIRROR}/dists/{SUITE}/main/binary-all/Packages.xz")
    if sha256(packed) != release_sha256(release, "main/binary-all/Packages.xz"):
        raise SystemExit("pre-commit-4: the package index does not match InRelease's SHA-256")
    index = lzma.decompress(packed).decode()
    entry = package_entry(index, "pre-commit")
    deb = fetch(f"{MIRROR}/{entry['Filename']}")
    if sha256(deb) != entry["SHA256"]:
        raise SystemExit("pre-commit-4: the downloaded package does not match the index's SHA-256")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pre-commit.deb")
        with open(path, "wb") as f:
            f.write(deb)
        root = os.path.join(tmp, "root")
        subprocess.run(["dpkg-deb", "-x", path, root], check=True)
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(dest)
        shutil.move(root, os.path.join(dest, "root"))
    with open(marker, "w") as f:
        f.write(entry["Version"] + "\n")
    print(f"pre-commit-4: {entry['Version']} unpacked in {dest}")


main()
