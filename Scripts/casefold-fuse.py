#!/usr/bin/env python3
"""A FUSE passthrough that folds case, as macOS's default APFS volume does.

    Scripts/casefold-fuse.py <backing folder> <mount point>

Runs in the foreground until unmounted (fusermount -u <mount point>). Names keep the case they
were created with, but a lookup finds an entry whose name differs only in case, and creating or
renaming onto such a name replaces that entry. Used by CaseFoldingVolumeTests (needs libfuse2,
fusepy and /dev/fuse; .ci/run installs them).
"""
import errno
import os
import sys

from fuse import FUSE, FuseOSError, Operations


class CaseFolding(Operations):
    def __init__(self, root):
        self.root = os.path.realpath(root)

    def _real(self, path, must_exist=False):
        """The backing path whose components match `path`'s ignoring case, component by component."""
        current = self.root
        parts = [p for p in path.split("/") if p]
        for index, part in enumerate(parts):
            candidate = os.path.join(current, part)
            if not os.path.lexists(candidate):
                try:
                    names = os.listdir(current)
                except OSError:
                    names = []
                folded = part.casefold()
                match = next((n for n in names if n.casefold() == folded), None)
                if match is not None:
                    candidate = os.path.join(current, match)
                elif must_exist or index < len(parts) - 1:
                    raise FuseOSError(errno.ENOENT)
            current = candidate
        return current

    def getattr(self, path, fh=None):
        st = os.lstat(self._real(path, must_exist=True))
        return {key: getattr(st, key) for key in (
            "st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid", "st_ino")}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._real(path, must_exist=True))

    def readlink(self, path):
        return os.readlink(self._real(path, must_exist=True))

    def mkdir(self, path, mode):
        real = self._real(path)
        if os.path.lexists(real):
            raise FuseOSError(errno.EEXIST)
        os.mkdir(real, mode)

    def rmdir(self, path):
        os.rmdir(self._real(path, must_exist=True))

    def unlink(self, path):
        os.unlink(self._real(path, must_exist=True))

    def symlink(self, target, source):
        os.symlink(source, self._real(target))

    def rename(self, old, new):
        source = self._real(old, must_exist=True)
        existing = self._real(new)
        wanted = os.path.join(os.path.dirname(existing), os.path.basename(new))
        if os.path.lexists(existing) and existing != source:
            if os.path.isdir(existing) and not os.path.islink(existing):
                if os.listdir(existing):
                    raise FuseOSError(errno.ENOTEMPTY)
                os.rmdir(existing)
            else:
                os.unlink(existing)
        os.rename(source, wanted)

    def chmod(self, path, mode):
        os.chmod(self._real(path, must_exist=True), mode)

    def chown(self, path, uid, gid):
        os.lchown(self._real(path, must_exist=True), uid, gid)

    def truncate(self, path, length, fh=None):
        with open(self._real(path, must_exist=True), "r+b") as f:
            f.truncate(length)

    def utimens(self, path, times=None):
        os.utime(self._real(path, must_exist=True), times, follow_symlinks=False)

    def open(self, path, flags):
        return os.open(self._real(path, must_exist=True), flags)

    def create(self, path, mode, fi=None):
        real = self._real(path)
        return os.open(real, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)

    def read(self, path, size, offset, fh):
        os.lseek(fh, offset, os.SEEK_SET)
        return os.read(fh, size)

    def write(self, path, data, offset, fh):
        os.lseek(fh, offset, os.SEEK_SET)
        return os.write(fh, data)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)
        return 0

    def fsync(self, path, datasync, fh):
        os.fsync(fh)
        return 0

    def fsyncdir(self, path, datasync, fh):
        return 0

    def statfs(self, path):
        st = os.statvfs(self._real(path, must_exist=True))
        return {key: getattr(st, key) for key in (
            "f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag", "f_frsize", "f_namemax")}


if __name__ == "__main__":
    FUSE(CaseFolding(sys.argv[1]), sys.argv[2], foreground=True, nothreads=True, use_ino=True)
