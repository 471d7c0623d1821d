"""Static file storage: hashed names once `collectstatic` ran, plain names before (tests, dev).

``collectstatic`` (every ``bin/run``, ``bin/run --setup-only`` in CI) compresses what it
collected with gzip and Brotli. Two things keep that short: the source maps of the bundled
libraries (Swagger UI, ReDoc: several megabytes each, read only by a browser's developer
tools) are not compressed, a file whose compressed copy already holds its content (from a
previous run) is not compressed again, and a file and its hashed copy (the same bytes under two
names) are compressed once.
"""

import gzip
import hashlib
import os
import shutil

from whitenoise.compress import Compressor
from whitenoise.storage import CompressedManifestStaticFilesStorage

SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")


class StaticStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def hashed_name(self, name, content=None, filename=None):
        try:
            return super().hashed_name(name, content, filename)
        except ValueError:
            # Not collected yet: whitenoise serves the file from the finders under its own name.
            return name

    def create_compressor(self, **kwargs):
        if kwargs.get("extensions") is None:
            kwargs["extensions"] = SKIP_COMPRESS_EXTENSIONS
        return super().create_compressor(**kwargs)

    def compress_files(self, paths):
        worth = Compressor(extensions=SKIP_COMPRESS_EXTENSIONS, quiet=True).should_compress
        same_content: dict[str, list[str]] = {}
        for name in sorted(paths):
            if worth(name) and not self._compressed(name):
                same_content.setdefault(self._digest(name), []).append(name)
        firsts = {names[0]: names[1:] for names in same_content.values()}
        for name, compressed_name in super().compress_files(list(firsts)):
            yield name, compressed_name
            suffix = compressed_name[len(name) :]
            for other in firsts[name]:
                target = self.path(other) + suffix
                shutil.copyfile(self.path(compressed_name), target)
                modified = os.stat(self.path(other)).st_mtime
                os.utime(target, (modified, modified))
                yield other, other + suffix

    def _digest(self, name: str) -> str:
        try:
            with open(self.path(name), "rb") as file:
                return hashlib.file_digest(file, "sha256").hexdigest()
        except OSError:
            return name

    def _compressed(self, name: str) -> bool:
        """Whether the gzip copy of the file (made beside the Brotli one) holds its content.

        Whitenoise gives a copy the file's modification time: the same time is enough. Django
        writes the stylesheets and scripts whose references it rewrites again at every run,
        with the same content: their copy is read back and compared."""
        path = self.path(name)
        try:
            modified = os.stat(path).st_mtime
            if os.stat(path + ".gz").st_mtime == modified:
                return True
            with open(path, "rb") as original, gzip.open(path + ".gz", "rb") as copy:
                return original.read() == copy.read()
        except (OSError, EOFError):
            return False
