"""Writes keyed archives without Foundation: with bpylist2, an independent NSKeyedArchiver
implementation, and hostile ones by hand with Python's plistlib. Run by
Scripts/make-legacy-fixtures.sh; not part of the package.

    python3 Scripts/LegacyFixtures/independent_fixtures.py <output directory>
"""
import os
import plistlib
import sys

from bpylist2 import archiver
from bpylist2.archive_types import timestamp

output = sys.argv[1] if len(sys.argv) > 1 else "."


def write(name, data):
    with open(os.path.join(output, name), "wb") as file:
        file.write(data)
    print("wrote " + name)


def restaurant(identifier, name):
    return {"id": identifier, "name": name}


tutorial_user = {
    "id": "abcd-efgh-ijkl-mnop",
    "name": "George Costanza",
    "reviews": [
        {"id": "123-456", "restaurant": restaurant("abcd-1234", "The Original Soup Man"), "rating": 4,
         "text": "Good soup! One star off for forgeting the bread."},
        {"id": "789-012", "restaurant": restaurant("efgh-5678", "La Boîte en Bois"), "rating": 4,
         "text": "I've heard the risotto is very good here."},
        {"id": "345-678", "restaurant": restaurant("ijkl-9012", "Monk's Café"), "rating": 5,
         "text": "Always a consistent experience. Great atmosphere."},
    ],
}
write("bpylist2-tutorial-user.plist", archiver.archive(tutorial_user))

# bpylist2's timestamp is seconds since 1970; NSDate's NS.time is seconds since 2001.
edge_cases = {
    "date": timestamp(978307200 + 500000000.25),
    "data": b"\x00\xff\x10\x80",
    "nested": [[1, 2], [[3]], [], {"deep": {"deeper": [True]}}],
    "unicode": "Zoë 🍲 e\u0301 日本語",
    "int64Max": 2**63 - 1,
    "int64Min": -(2**63),
    "real": 3.141592653589793,
    "yes": True,
    "no": False,
}
write("bpylist2-edge-cases.plist", archiver.archive(edge_cases))


# Hostile archives, laid out by hand.
def keyed(objects, root=1):
    return plistlib.dumps({
        "$archiver": "NSKeyedArchiver", "$version": 100000,
        "$top": {"root": plistlib.UID(root)}, "$objects": objects,
    }, fmt=plistlib.FMT_BINARY)


def dictionary_class():
    return {"$classname": "NSDictionary", "$classes": ["NSDictionary", "NSObject"]}


UID = plistlib.UID
# A user whose "payload" is an instance of a class that must never be instantiated.
write("hostile-evil-class.plist", keyed([
    "$null",
    {"NS.keys": [UID(2), UID(3)], "NS.objects": [UID(4), UID(5)], "$class": UID(7)},
    "id", "payload", "abcd",
    {"command": UID(6), "$class": UID(8)},
    "rm -rf ~",
    dictionary_class(),
    {"$classname": "EvilClass", "$classes": ["EvilClass", "NSObject"]},
]))
# A dictionary value that points past the end of $objects.
write("hostile-uid-out-of-range.plist", keyed([
    "$null",
    {"NS.keys": [UID(2)], "NS.objects": [UID(4000000000)], "$class": UID(3)},
    "id",
    dictionary_class(),
]))
# A dictionary that contains itself.
write("hostile-self-reference.plist", keyed([
    "$null",
    {"NS.keys": [UID(2)], "NS.objects": [UID(1)], "$class": UID(3)},
    "me",
    dictionary_class(),
]))
# Two thousand arrays, each holding the next.
depth = 2000
objects = ["$null"]
for level in range(depth):
    following = [UID(level + 2)] if level + 1 < depth else []
    objects.append({"NS.objects": following, "$class": UID(depth + 1)})
objects.append({"$classname": "NSArray", "$classes": ["NSArray", "NSObject"]})
write("hostile-deep-nesting.plist", keyed(objects))


# The nested `Coding` classes of "Swift Struct & NSCoding", as NSKeyedArchiver on Apple platforms
# lays them out: classes under their mangled names, nil as $null. Foundation on Linux cannot write
# these (NSStringFromClass stops the process on a nested class), so the layout is written here.
class Graph:
    def __init__(self):
        self.objects = ["$null"]
        self.classes = {}

    def add(self, value):
        self.objects.append(value)
        return UID(len(self.objects) - 1)

    def cls(self, name, superclasses=("NSObject",)):
        if name not in self.classes:
            self.classes[name] = self.add({"$classname": name, "$classes": [name, *superclasses]})
        return self.classes[name]

    def date(self, seconds):
        return self.add({"NS.time": float(seconds), "$class": self.cls("NSDate")})

    def array(self, references):
        return self.add({"NS.objects": references, "$class": self.cls("NSArray")})


graph = Graph()
session_references = []
for start, end, events in [(1000, None, [(1100, "test session1/event1"), (1200, "test session1/event2")]),
                           (3000, 4000, [])]:
    session = graph.add({})
    event_references = []
    for stamp, tag in events:
        event = graph.add({})
        graph.objects[event.data] = {"$class": graph.cls("_TtCV15MigrationBefore5Event6Coding"),
                                     "timeStamp": graph.date(stamp), "eventTag": graph.add(tag)}
        event_references.append(event)
    graph.objects[session.data] = {"$class": graph.cls("_TtCV15MigrationBefore7Session6Coding"),
                                   "startTime": graph.date(start),
                                   "endTime": graph.date(end) if end is not None else UID(0),
                                   "events": graph.array(event_references)}
    session_references.append(session)
root = graph.array(session_references)
write("apple-layout-sessions-nested-coding.plist", keyed(graph.objects, root=root.data))
