import Foundation

// A key map for an initializer of up to twelve parameters is built by one of these overloads
// rather than by the parameter-pack initializer: the compiler picks the overload whose arity is
// the initializer's. Each builds the same map (the pack initializer's members, one cache entry
// per site) but its construct closure names each property's type, so that, compiled for the
// model, every field is read by code compiled for its type (``KeyMap/field(_:_:_:_:_:)``) and
// every decoded value is moved into the initializer, whose parameters it declares `consuming`.
// A pack's function type cannot say `consuming`, so through it each value was copied into the
// initializer and the copy decoded released: an atomic pair per string, array or object of
// every model. Past twelve parameters the pack initializer builds the map, the same way but
// with those copies.

extension KeyMap {
    /// A key map for a model whose memberwise initializer takes one parameter: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Tag.init`:
    ///
    /// ```swift
    /// struct Tag { let name: String }
    /// extension Tag: KeyMapped { static let keyMap = KeyMap(Tag.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<A: KeyMapValue>(
        _ initializer: @escaping (consuming A) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A) in initializer(a) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes two parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Restaurant.init`:
    ///
    /// ```swift
    /// struct Restaurant { let id: String; let name: String }
    /// extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<A: KeyMapValue, B: KeyMapValue>(
        _ initializer: @escaping (consuming A, consuming B) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B) in initializer(a, b) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes three parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `User.init`:
    ///
    /// ```swift
    /// struct User { let id: String; let name: String; let reviews: [Review] }
    /// extension User: KeyMapped { static let keyMap = KeyMap(User.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<A: KeyMapValue, B: KeyMapValue, C: KeyMapValue>(
        _ initializer: @escaping (consuming A, consuming B, consuming C) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C) in initializer(a, b, c) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes four parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Review.init`:
    ///
    /// ```swift
    /// struct Review { let id: String; let restaurant: Restaurant; let rating: Int; let text: String }
    /// extension Review: KeyMapped { static let keyMap = KeyMap(Review.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue>(
        _ initializer: @escaping (consuming A, consuming B, consuming C, consuming D) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D) in initializer(a, b, c, d) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes five parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Address.init`:
    ///
    /// ```swift
    /// struct Address { let street: String; let city: String; let region: String?; let postalCode: String; let country: String }
    /// extension Address: KeyMapped { static let keyMap = KeyMap(Address.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue
    >(
        _ initializer: @escaping (consuming A, consuming B, consuming C, consuming D, consuming E) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E) in initializer(a, b, c, d, e) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes six parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Flight.init`:
    ///
    /// ```swift
    /// struct Flight {
    ///     let number: String; let origin: String; let destination: String
    ///     let departure: Date; let arrival: Date; let seats: Int
    /// }
    /// extension Flight: KeyMapped { static let keyMap = KeyMap(Flight.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue
    >(
        _ initializer: @escaping (consuming A, consuming B, consuming C, consuming D, consuming E, consuming F) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F) in initializer(a, b, c, d, e, f) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes seven parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Photo.init`:
    ///
    /// ```swift
    /// struct Photo {
    ///     let id: String; let url: URL; let width: Int; let height: Int
    ///     let caption: String?; let takenAt: Date?; let tags: [String]
    /// }
    /// extension Photo: KeyMapped { static let keyMap = KeyMap(Photo.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G) in initializer(a, b, c, d, e, f, g) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes eight parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Track.init`:
    ///
    /// ```swift
    /// struct Track {
    ///     let id: Int64; let title: String; let artist: String; let album: String
    ///     let duration: Double; let trackNumber: Int; let isExplicit: Bool; let previewURL: URL?
    /// }
    /// extension Track: KeyMapped { static let keyMap = KeyMap(Track.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue, H: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G, consuming H
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H) in initializer(a, b, c, d, e, f, g, h) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log),
                Self.field(H.self, fields, 7, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes nine parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Listing.init`:
    ///
    /// ```swift
    /// struct Listing {
    ///     let id: String; let title: String; let price: Decimal; let currency: String; let seller: String
    ///     let photos: [URL]; let postedAt: Date; let isSold: Bool; let views: Int
    /// }
    /// extension Listing: KeyMapped { static let keyMap = KeyMap(Listing.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue, H: KeyMapValue, I: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G, consuming H, consuming I
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I) in initializer(a, b, c, d, e, f, g, h, i) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log),
                Self.field(H.self, fields, 7, object, log),
                Self.field(I.self, fields, 8, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes ten parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Episode.init`:
    ///
    /// ```swift
    /// struct Episode {
    ///     let id: Int; let show: String; let season: Int; let number: Int; let title: String
    ///     let summary: String?; let airedAt: Date?; let runtime: Int; let rating: Double?; let imageURL: URL?
    /// }
    /// extension Episode: KeyMapped { static let keyMap = KeyMap(Episode.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue, H: KeyMapValue, I: KeyMapValue, J: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G, consuming H, consuming I, consuming J
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J) in initializer(a, b, c, d, e, f, g, h, i, j) },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log),
                Self.field(H.self, fields, 7, object, log),
                Self.field(I.self, fields, 8, object, log),
                Self.field(J.self, fields, 9, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes eleven parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Order.init`:
    ///
    /// ```swift
    /// struct Order {
    ///     let id: String; let customer: String; let items: [LineItem]; let subtotal: Decimal; let tax: Decimal
    ///     let total: Decimal; let currency: String; let placedAt: Date; let shippedAt: Date?; let status: String
    ///     let notes: String?
    /// }
    /// extension Order: KeyMapped { static let keyMap = KeyMap(Order.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue, H: KeyMapValue, I: KeyMapValue, J: KeyMapValue, K: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G, consuming H, consuming I, consuming J, consuming K
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K) in
                initializer(a, b, c, d, e, f, g, h, i, j, k)
            },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log),
                Self.field(H.self, fields, 7, object, log),
                Self.field(I.self, fields, 8, object, log),
                Self.field(J.self, fields, 9, object, log),
                Self.field(K.self, fields, 10, object, log)
            )
        }
    }

    /// A key map for a model whose memberwise initializer takes twelve parameters: the map
    /// ``init(_:serverKeys:archiveKeys:_:dates:strictCollections:fileID:line:column:)`` describes,
    /// with a decode compiled for each property's type. The compiler picks it for `Contact.init`:
    ///
    /// ```swift
    /// struct Contact {
    ///     let id: UUID; let givenName: String; let familyName: String; let email: String?; let phone: String?
    ///     let company: String?; let title: String?; let address: Address?; let birthday: Date?; let avatarURL: URL?
    ///     let tags: [String]; let isFavorite: Bool
    /// }
    /// extension Contact: KeyMapped { static let keyMap = KeyMap(Contact.init) }
    /// ```
    ///
    /// The parameters are those of the parameter-pack initializer.
    @inlinable
    public convenience init<
        A: KeyMapValue, B: KeyMapValue, C: KeyMapValue, D: KeyMapValue, E: KeyMapValue, F: KeyMapValue,
        G: KeyMapValue, H: KeyMapValue, I: KeyMapValue, J: KeyMapValue, K: KeyMapValue, L: KeyMapValue
    >(
        _ initializer: @escaping (
            consuming A, consuming B, consuming C, consuming D, consuming E, consuming F,
            consuming G, consuming H, consuming I, consuming J, consuming K, consuming L
        ) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            fixedArity: { (a: A, b: B, c: C, d: D, e: E, f: F, g: G, h: H, i: I, j: J, k: K, l: L) in
                initializer(a, b, c, d, e, f, g, h, i, j, k, l)
            },
            serverKeys: serverKeys, archiveKeys: archiveKeys, properties, dates: dates, strictCollections: strictCollections,
            site: KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        ) { fields, object, log throws(ArchiveDecodingError) in
            try initializer(
                Self.field(A.self, fields, 0, object, log),
                Self.field(B.self, fields, 1, object, log),
                Self.field(C.self, fields, 2, object, log),
                Self.field(D.self, fields, 3, object, log),
                Self.field(E.self, fields, 4, object, log),
                Self.field(F.self, fields, 5, object, log),
                Self.field(G.self, fields, 6, object, log),
                Self.field(H.self, fields, 7, object, log),
                Self.field(I.self, fields, 8, object, log),
                Self.field(J.self, fields, 9, object, log),
                Self.field(K.self, fields, 10, object, log),
                Self.field(L.self, fields, 11, object, log)
            )
        }
    }

    /// What every fixed-arity initializer does: the map built at `site` already, or a new one
    /// built through `initializer` (for the placeholders and probes, which are not on a decode's
    /// path) with `construct` as its construct closure.
    @inlinable
    convenience init<each Property: KeyMapValue>(
        fixedArity initializer: @escaping (repeat each Property) -> Model,
        serverKeys: KeyStrategy,
        archiveKeys: KeyStrategy,
        _ properties: () -> [KeyMapProperty<Model>],
        dates: KeyMapDates?,
        strictCollections: Bool,
        site: KeyMapSite,
        construct: @escaping ([KeyMapField], KeyMapObject, DroppedElementLog?) throws(ArchiveDecodingError) -> Model
    ) {
        if let built = KeyMapCache.map(Model.self, at: site) {
            self.init(copying: built)
            return
        }
        self.init(initializer, serverKeys: serverKeys, archiveKeys: archiveKeys, properties: properties(), dates: dates,
                  strictCollections: strictCollections, site: site, construct: construct)
    }

    /// The field number `position` of a fixed-arity map's model, by the one field decoder's rules;
    /// a plain field of a JSON text read by code compiled for `Value`
    /// (``KeyMapObject/readPlainJSON(_:of:at:model:)``).
    @inlinable @inline(__always)
    static func field<Value: KeyMapValue>(
        _ type: Value.Type, _ fields: [KeyMapField], _ position: Int, _ object: KeyMapObject, _ log: DroppedElementLog?
    ) throws(ArchiveDecodingError) -> Value {
        guard log == nil else { return try decodeField(Value.self, fields, position, object, log) }
        return try KeyMapField.withField(fields, at: position) { (field) throws(ArchiveDecodingError) in
            if let value = try object.readPlainJSON(Value.self, of: field, at: position, model: Model.self) { return value }
            return try field.decode(Value.self, from: object, at: position, model: Model.self)
        }
    }

    /// The field number `position` of the model, by the one field decoder
    /// (``KeyMapField/decode(_:from:at:model:)``), nesting what it drops under its key when
    /// there is a log: every construct closure's way to a field.
    @inlinable @inline(__always)
    static func decodeField<Value: KeyMapValue>(
        _ type: Value.Type, _ fields: [KeyMapField], _ position: Int, _ object: KeyMapObject, _ log: DroppedElementLog?
    ) throws(ArchiveDecodingError) -> Value {
        guard let log else {
            return try KeyMapField.withField(fields, at: position) { (field) throws(ArchiveDecodingError) in
                try field.decode(Value.self, from: object, at: position, model: Model.self)
            }
        }
        let field = fields[position]
        let start = log.errors.count
        let value = try field.decode(Value.self, from: object, at: position, model: Model.self)
        log.nest(from: start, in: Model.self, key: field.key(for: object.source))
        return value
    }
}
