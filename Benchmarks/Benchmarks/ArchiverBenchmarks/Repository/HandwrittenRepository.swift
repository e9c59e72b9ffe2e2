import Archiver
import Foundation

// The same repository with hand-written `init?(responseObject:)`, as the 0.6 tutorial writes them.

struct Owner { let login: String; let id: Int64; let avatarURL: URL; let htmlURL: URL; let type: String; let siteAdmin: Bool }
struct License { let key: String; let name: String; let spdxID: String; let url: URL? }
struct Repository {
    let id: Int64
    let name: String
    let fullName: String
    let isPrivate: Bool
    let owner: Owner
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
    let license: License?
    let topics: [String]
    let defaultBranch: String
    let cloneURL: URL
}

private func urlValue(_ value: Any?) -> URL? {
    (value as? String).flatMap(URL.init(string:))
}

private func dateValue(_ value: Any?) -> Date? {
    (value as? String).flatMap { try? Date.ISO8601FormatStyle().parse($0) }
}

extension Owner: Serializable {
    init?(responseObject: ResponseObject) {
        guard let login = responseObject["login"] as? String, let id = responseObject["id"] as? Int64,
              let avatarURL = urlValue(responseObject["avatar_url"]), let htmlURL = urlValue(responseObject["html_url"]),
              let type = responseObject["type"] as? String, let siteAdmin = responseObject["site_admin"] as? Bool else { return nil }
        self.init(login: login, id: id, avatarURL: avatarURL, htmlURL: htmlURL, type: type, siteAdmin: siteAdmin)
    }
}

extension License: Serializable {
    init?(responseObject: ResponseObject) {
        guard let key = responseObject["key"] as? String, let name = responseObject["name"] as? String,
              let spdxID = responseObject["spdx_id"] as? String else { return nil }
        self.init(key: key, name: name, spdxID: spdxID, url: urlValue(responseObject["url"]))
    }
}

extension Repository: Serializable {
    init?(responseObject json: ResponseObject) {
        guard let id = json["id"] as? Int64, let name = json["name"] as? String, let fullName = json["full_name"] as? String,
              let isPrivate = json["private"] as? Bool, let owner = Owner.serialized(from: json, withKey: "owner"),
              let htmlURL = urlValue(json["html_url"]), let isFork = json["fork"] as? Bool,
              let createdAt = dateValue(json["created_at"]), let updatedAt = dateValue(json["updated_at"]), let pushedAt = dateValue(json["pushed_at"]),
              let size = json["size"] as? Int, let stargazersCount = json["stargazers_count"] as? Int,
              let hasIssues = json["has_issues"] as? Bool, let forksCount = json["forks_count"] as? Int,
              let isArchived = json["archived"] as? Bool, let openIssuesCount = json["open_issues_count"] as? Int,
              let defaultBranch = json["default_branch"] as? String, let cloneURL = urlValue(json["clone_url"]) else { return nil }
        self.init(
            id: id, name: name, fullName: fullName, isPrivate: isPrivate, owner: owner, htmlURL: htmlURL,
            description: json["description"] as? String, isFork: isFork, createdAt: createdAt, updatedAt: updatedAt,
            pushedAt: pushedAt, homepage: urlValue(json["homepage"]), size: size, stargazersCount: stargazersCount,
            language: json["language"] as? String, hasIssues: hasIssues, forksCount: forksCount, mirrorURL: urlValue(json["mirror_url"]),
            isArchived: isArchived, openIssuesCount: openIssuesCount, license: License.serialized(from: json, withKey: "license"),
            topics: json["topics"] as? [String] ?? [], defaultBranch: defaultBranch, cloneURL: cloneURL
        )
    }
}
