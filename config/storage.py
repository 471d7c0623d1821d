"""Static file storage: hashed names once `collectstatic` ran, plain names before (tests, dev)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    manifest_strict = False

    def hashed_name(self, name, content=None, filename=None):
        try:
            return super().hashed_name(name, content, filename)
        except ValueError:
            # Not collected yet: whitenoise serves the file from the finders under its own name.
            return name
