import Archiver
import Foundation

// A GitHub repository as the REST API returns it (Fixtures/repository.json): nested objects,
// nulls, dates and URLs, and some 70 keys the model does not read. The same model three ways.

struct DerivedOwner { let login: String; let id: Int64; let avatarURL: URL; let htmlURL: URL; let type: String; let siteAdmin: Bool }
struct DerivedLicense { let key: String; let name: String; let spdxID: String; let url: URL? }
struct DerivedRepository {
    let id: Int64
    let name: String
    let fullName: String
    let isPrivate: Bool
    let owner: DerivedOwner
    let htmlURL: URL
    let description: String?
    let isFork: Bool
    let createdAt: Date
    let updatedAt: Date
    let pushedAt: Date
    let homepage: URL?
    let size: Int
    let stargazersCount: Int
    let language: String?
    let hasIssues: Bool
    let forksCount: Int
    let mirrorURL: URL?
    let isArchived: Bool
    let openIssuesCount: Int
    let license: DerivedLicense?
    let topics: [String]
    let defaultBranch: String
    let cloneURL: URL
}

extension DerivedOwner: KeyMapped {
    static let keyMap = KeyMap(DerivedOwner.init, serverKeys: .snakeCase)
}
extension DerivedLicense: KeyMapped {
    static let keyMap = KeyMap(DerivedLicense.init, serverKeys: .snakeCase)
}
extension DerivedRepository: KeyMapped {
    static let keyMap = KeyMap(DerivedRepository.init, serverKeys: .snakeCase, [
        .property(\.isPrivate, server: "private"),
        .property(\.isFork, server: "fork"),
        .property(\.isArchived, server: "archived"),
        .property(\.topics, default: []),
    ])
}
