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
import gzip
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


def release_sha256(release: str, file: str) -> str | None:
    section = release.split("\nSHA256:\n", 1)[1]
    for line in section.splitlines():
        if not line.startswith(" "):
            break
        digest, _size, name = line.split()
        if name == file:
            return digest
    return None


def host_architecture() -> str:
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "amd64"


def signed_index(release: str) -> str:
    """The first package index whose SHA-256 is the one InRelease lists, decompressed.

    A mirror (or a cache in front of it) can serve an InRelease and an index from different
    updates: mid-sync, or a cached InRelease older than the index. apt copes by asking
    for the index by its hash (Acquire-By-Hash), so that is tried first; where that is missing too,
    the other compressions, then the host architecture's own index, which lists the `all` packages
    as well when InRelease says `No-Support-for-Architecture-all: Packages`. Nothing unsigned is
    ever used: an index is taken only when its digest is InRelease's."""
    folders = ["main/binary-all"]
    if "\nNo-Support-for-Architecture-all: Packages" in release:
        folders.append(f"main/binary-{host_architecture()}")
    by_hash = "\nAcquire-By-Hash: yes" in release
    tried = []
    for folder in folders:
        for name, decompress in (("Packages.xz", lzma.decompress), ("Packages.gz", gzip.decompress)):
            file = f"{folder}/{name}"
            digest = release_sha256(release, file)
            if digest is None:
                continue
            urls = [f"{MIRROR}/dists/{SUITE}/{folder}/by-hash/SHA256/{digest}"] if by_hash else []
            urls.append(f"{MIRROR}/dists/{SUITE}/{file}")
            for url in urls:
                try:
                    data = fetch(url)
                except OSError as error:
                    tried.append(f"{url}: {error}")
                    continue
                got = sha256(data)
                if got == digest:
                    for line in tried:
                        print(f"pre-commit-4: skipped {line}")
                    print(f"pre-commit-4: package index {url}")
                    return decompress(data).decode()
                tried.append(f"{url}: SHA-256 {got}, InRelease says {digest}")
    raise SystemExit("pre-commit-4: no package index matches InRelease's SHA-256:\n  " + "\n  ".join(tried))


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
    index = signed_index(release)
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
