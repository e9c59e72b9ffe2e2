#!/usr/bin/env python3
"""What flushing a store to the disk costs on this machine's file system.

    python3 Scripts/flush-cost.py [folder]     # default: a new folder under .build/

Does what a store does, 200 times each way, alternating: write a 700-byte file (the tutorial's
user with 3 reviews) under a temporary name and rename it over one of 50 archives; flushed, the
file is `fsync`ed before the rename and the folder after it, as `Archiver.syncsToDisk` does on
Linux. Prints the median and 90th percentile of each way. On Apple platforms a synced store makes
one `F_BARRIERFSYNC` and one `F_FULLFSYNC` instead, which this script cannot run here.
"""
import os
import shutil
import statistics
import sys
import time

folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".build", "flush-cost")
os.makedirs(folder, exist_ok=True)
data = os.urandom(700)


def store(index, flushed):
    temporary = os.path.join(folder, f".{index}.tmp")
    destination = os.path.join(folder, f"{index % 50}.plist")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(descriptor, data)
    if flushed:
        os.fsync(descriptor)
    os.close(descriptor)
    os.rename(temporary, destination)
    if flushed:
        directory = os.open(folder, os.O_RDONLY)
        os.fsync(directory)
        os.close(directory)


times = {False: [], True: []}
for round in range(4):
    for flushed in (False, True):
        for index in range(50):
            start = time.perf_counter()
            store(round * 50 + index, flushed)
            times[flushed].append(time.perf_counter() - start)
shutil.rmtree(folder)
for flushed, name in ((False, "unsynced"), (True, "synced (2 fsync)")):
    ordered = sorted(times[flushed])
    print(f"{name:>17}: median {statistics.median(ordered) * 1e3:.2f} ms, "
          f"90th percentile {ordered[len(ordered) * 9 // 10] * 1e3:.2f} ms")
