// A file the tool cannot fully convert: a property set from two keys, a computed key and custom
// logic in an initializer, beside one type it can. The diagnostics tests run the tool on it.
import Archiver

let photoSize = "large"

struct Profile {
    let id: String
    let fullName: String
}

extension Profile: Serializable {
    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String else { return nil }
        self.id = id
        self.fullName = "\(responseObject["first_name"] as? String ?? "") \(responseObject["last_name"] as? String ?? "")"
    }
}

struct Photo {
    let id: String
    let url: String
}

extension Photo: Serializable {
    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String else { return nil }
        self.id = id
        self.url = responseObject["url_" + photoSize] as? String ?? ""
    }
}

struct Account {
    let id: String
    let balance: Int
}

extension Account: Serializable {
    init?(responseObject: ResponseObject) {
        guard let id = responseObject["id"] as? String else { return nil }
        self.id = id.lowercased()
        self.balance = responseObject["balance"] as? Int ?? 0
    }
}

struct Tag {
    let name: String
}

extension Tag: Serializable {
    init?(responseObject: ResponseObject) {
        guard let name = responseObject["name"] as? String else { return nil }
        self.name = name
    }
}
