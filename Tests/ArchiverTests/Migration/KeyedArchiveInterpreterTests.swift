import Foundation
import Testing
@testable import Archiver

/// Builds the outer property list of a keyed archive object by object, as NSKeyedArchiver lays it out.
struct KeyedArchiveGraph {
    var objects: [Any] = ["$null"]
    private var classes: [String: PropertyListUID] = [:]

    mutating func add(_ object: Any) -> PropertyListUID {
        objects.append(object)
        return PropertyListUID(value: UInt64(objects.count - 1))
    }

    mutating func classReference(_ name: String) -> PropertyListUID {
        if let reference = classes[name] { return reference }
        let reference = add(["$classname": name, "$classes": [name, "NSObject"]] as [String: Any])
        classes[name] = reference
        return reference
    }

    mutating func dictionary(_ pairs: [(String, PropertyListUID)], className: String = "NSDictionary") -> PropertyListUID {
        let keys = pairs.map { add($0.0) as Any }
        let values = pairs.map { $0.1 as Any }
        return add(["NS.keys": keys, "NS.objects": values, "$class": classReference(className)] as [String: Any])
    }

    mutating func array(_ elements: [PropertyListUID], className: String = "NSArray") -> PropertyListUID {
        add(["NS.objects": elements.map { $0 as Any }, "$class": classReference(className)] as [String: Any])
    }

    mutating func instance(of className: String, fields: [String: Any]) -> PropertyListUID {
        var object = fields
        object["$class"] = classReference(className)
        return add(object)
    }

    func archive(root: PropertyListUID) -> [String: Any] {
        ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": root] as [String: Any], "$objects": objects]
    }
}

func interpret(_ archive: [String: Any], options: KeyedArchiveOptions = .init(), maximumDepth: Int = 512) throws(KeyedArchiveError) -> Any {
    try KeyedArchiveInterpreter.rootObject(ofKeyedArchive: archive, options: options, maximumDepth: maximumDepth)
}

struct KeyedArchiveInterpreterTests {
    @Test func rebuildsEveryPropertyListClass() throws {
        var graph = KeyedArchiveGraph()
        let name = graph.add("Monk's Café")
        let rating = graph.add(NSNumber(value: 4))
        let flag = graph.add(true)
        let photo = graph.add(Data([0xDE, 0xAD]))
        let visited = graph.instance(of: "NSDate", fields: ["NS.time": 1000.5])
        let mutableText = graph.instance(of: "NSMutableString", fields: ["NS.string": "mutable"])
        let blob = graph.instance(of: "NSMutableData", fields: ["NS.data": Data([1, 2, 3])])
        let tags = graph.array([name, rating], className: "NSMutableArray")
        let root = graph.dictionary([
            ("name", name), ("rating", rating), ("open", flag), ("photo", photo), ("visited", visited),
            ("note", mutableText), ("blob", blob), ("tags", tags),
        ])
        let archive = try #require(try interpret(graph.archive(root: root)) as? Archive)
        let expected: Archive = [
            "name": "Monk's Café", "rating": 4, "open": true, "photo": Data([0xDE, 0xAD]),
            "visited": Date(timeIntervalSinceReferenceDate: 1000.5), "note": "mutable",
            "blob": Data([1, 2, 3]), "tags": ["Monk's Café", 4] as [Any],
        ]
        #expect(archive.sameContent(as: expected))
        #expect(isBoolean(archive["open"]!))
        #expect(!isBoolean(archive["rating"]!))
    }

    @Test func refusesAnUnknownClassByNameAndKeyPath() {
        var graph = KeyedArchiveGraph()
        let evil = graph.instance(of: "EvilClass", fields: ["payload": graph.add("rm -rf")])
        let reviews = graph.array([evil])
        let root = graph.dictionary([("reviews", reviews)])
        #expect(throws: KeyedArchiveError.unsupportedClass(name: "EvilClass", keyPath: "root.reviews[0]")) {
            try interpret(graph.archive(root: root))
        }
    }

    @Test(arguments: ["NSSet", "NSNull", "NSURL", "NSKeyedArchiver", "NSDecimalNumber"])
    func refusesFoundationClassesThatAreNotPropertyLists(className: String) {
        var graph = KeyedArchiveGraph()
        let root = graph.instance(of: className, fields: [:])
        #expect(throws: KeyedArchiveError.unsupportedClass(name: className, keyPath: "root")) {
            try interpret(graph.archive(root: root))
        }
    }

    @Test func readsListedClassesAsDictionariesOfTheirFieldsAndDropsNilOnes() throws {
        var graph = KeyedArchiveGraph()
        let start = graph.instance(of: "NSDate", fields: ["NS.time": 10.0])
        let tag = graph.add("login")
        let event = graph.instance(of: "Event.Coding", fields: [
            "timeStamp": start, "eventTag": tag, "count": NSNumber(value: 3), "endTime": PropertyListUID(value: 0),
        ])
        let options = KeyedArchiveOptions(classesReadAsDictionaries: ["Event.Coding"])
        let archive = try #require(try interpret(graph.archive(root: event), options: options) as? Archive)
        #expect(archive.sameContent(as: [
            "timeStamp": Date(timeIntervalSinceReferenceDate: 10), "eventTag": "login", "count": 3,
        ]))
        #expect(throws: KeyedArchiveError.unsupportedClass(name: "Event.Coding", keyPath: "root")) {
            try interpret(graph.archive(root: event))
        }
    }

    @Test func sharedObjectsAreRebuiltOnceAndRead() throws {
        var graph = KeyedArchiveGraph()
        let restaurant = graph.dictionary([("id", graph.add("abcd"))])
        let root = graph.array([restaurant, restaurant, restaurant])
        let rebuilt = try #require(try interpret(graph.archive(root: root)) as? [Any])
        #expect(rebuilt.count == 3)
        #expect(rebuilt.allSatisfy { ($0 as? Archive)?.sameContent(as: ["id": "abcd"]) == true })
    }

    @Test func refusesADictionaryThatContainsItself() {
        var graph = KeyedArchiveGraph()
        let selfReference = PropertyListUID(value: UInt64(graph.objects.count + 2))  // key, class, then the dictionary
        let key = graph.add("me")
        let dictionaryClass = graph.classReference("NSDictionary")
        let root = graph.add(["NS.keys": [key], "NS.objects": [selfReference], "$class": dictionaryClass] as [String: Any])
        #expect(root == selfReference)
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root.me", reason: "contains itself")) {
            try interpret(graph.archive(root: root))
        }
    }

    @Test func refusesReferencesPastTheObjects() {
        var graph = KeyedArchiveGraph()
        let root = graph.array([PropertyListUID(value: 9_999), PropertyListUID(value: .max)])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root[0]", reason: "refers to object 9999 of 3")) {
            try interpret(graph.archive(root: root))
        }
        var classless = KeyedArchiveGraph()
        let bad = classless.add(["NS.objects": [] as [Any], "$class": PropertyListUID(value: 77)] as [String: Any])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "has a $class that is not a class description")) {
            try interpret(classless.archive(root: bad))
        }
    }

    @Test func boundsNesting() throws {
        var graph = KeyedArchiveGraph()
        var inner = graph.array([])
        for _ in 0..<40 { inner = graph.array([inner]) }
        #expect(throws: KeyedArchiveError.self) { try interpret(graph.archive(root: inner), maximumDepth: 20) }
        #expect(try interpret(graph.archive(root: inner), maximumDepth: 40) is [Any])
    }

    @Test func boundsNestingThroughSharedObjectsMetAgainDeeper() throws {
        // A deep chain is read first at the top, then met again under a shallower chain's end.
        var graph = KeyedArchiveGraph()
        var deep = graph.array([])
        for _ in 0..<15 { deep = graph.array([deep]) }
        var shallow = graph.array([deep])
        for _ in 0..<10 { shallow = graph.array([shallow]) }
        let root = graph.array([deep, shallow])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root[1][0][0][0][0][0][0][0][0][0][0][0]", reason: "is nested deeper than 20")) {
            try interpret(graph.archive(root: root), maximumDepth: 20)
        }
    }

    @Test func refusesSharingThatWouldExpandExponentially() {
        var graph = KeyedArchiveGraph()
        var level = graph.add("x")
        for _ in 0..<40 { level = graph.array([level, level]) }
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "shared objects expand to more than 65536 values")) {
            try interpret(graph.archive(root: level))
        }
    }

    @Test func refusesMalformedStructure() {
        #expect(throws: KeyedArchiveError.self) { try interpret(["$archiver": "NSKeyedArchiver", "$top": [:] as [String: Any]]) }
        #expect(throws: KeyedArchiveError.self) {
            try interpret(["$archiver": "NSKeyedArchiver", "$objects": ["$null"], "$top": ["root": "x"]])
        }
        var graph = KeyedArchiveGraph()
        let number = graph.add(NSNumber(value: 1))
        let badKeys = graph.add(["NS.keys": [number], "NS.objects": [number], "$class": graph.classReference("NSDictionary")] as [String: Any])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "has a dictionary key that is not a string")) {
            try interpret(graph.archive(root: badKeys))
        }
        let uneven = graph.add(["NS.keys": [] as [Any], "NS.objects": [number], "$class": graph.classReference("NSDictionary")] as [String: Any])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "NSDictionary with 0 keys and 1 objects")) {
            try interpret(graph.archive(root: uneven))
        }
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "is nil, which a property list cannot hold")) {
            try interpret(graph.archive(root: PropertyListUID(value: 0)))
        }
        let nanDate = graph.instance(of: "NSDate", fields: ["NS.time": Double.nan])
        #expect(throws: KeyedArchiveError.malformed(keyPath: "root", reason: "NSDate without a finite NS.time")) {
            try interpret(graph.archive(root: nanDate))
        }
    }

    @Test func errorsDescribeThemselves() {
        #expect(KeyedArchiveError.unsupportedClass(name: "EvilClass", keyPath: "root.x").description
            == "root.x is an instance of EvilClass, which is not a property-list class")
    }
}
