import Foundation
@testable import Archiver

// A GitHub issue as the REST API returns it (GET /repos/{owner}/{repo}/issues/{number}), written
// by hand after the documented example, with the model an app would declare for it: key-mapped
// from the snake_case response, and Codable. Its archive holds 18 URLs.

let gitHubIssueJSON = #"""
{
  "id": 1,
  "node_id": "MDU6SXNzdWUx",
  "url": "https://api.github.com/repos/octocat/Hello-World/issues/1347",
  "repository_url": "https://api.github.com/repos/octocat/Hello-World",
  "labels_url": "https://api.github.com/repos/octocat/Hello-World/issues/1347/labels{/name}",
  "comments_url": "https://api.github.com/repos/octocat/Hello-World/issues/1347/comments",
  "events_url": "https://api.github.com/repos/octocat/Hello-World/issues/1347/events",
  "html_url": "https://github.com/octocat/Hello-World/issues/1347",
  "number": 1347,
  "state": "open",
  "title": "Found a bug",
  "body": "I'm having a problem with this.",
  "user": {
    "login": "octocat",
    "id": 1,
    "avatar_url": "https://github.com/images/error/octocat_happy.gif",
    "url": "https://api.github.com/users/octocat",
    "html_url": "https://github.com/octocat",
    "followers_url": "https://api.github.com/users/octocat/followers",
    "repos_url": "https://api.github.com/users/octocat/repos",
    "events_url": "https://api.github.com/users/octocat/events{/privacy}",
    "type": "User",
    "site_admin": false
  },
  "labels": [
    {
      "id": 208045946,
      "url": "https://api.github.com/repos/octocat/Hello-World/labels/bug",
      "name": "bug",
      "description": "Something isn't working",
      "color": "f29513",
      "default": true
    }
  ],
  "milestone": {
    "url": "https://api.github.com/repos/octocat/Hello-World/milestones/1",
    "html_url": "https://github.com/octocat/Hello-World/milestones/v1.0",
    "labels_url": "https://api.github.com/repos/octocat/Hello-World/milestones/1/labels",
    "id": 1002604,
    "number": 1,
    "state": "open",
    "title": "v1.0",
    "open_issues": 4,
    "closed_issues": 8
  },
  "locked": false,
  "comments": 0,
  "pull_request": {
    "url": "https://api.github.com/repos/octocat/Hello-World/pulls/1347",
    "html_url": "https://github.com/octocat/Hello-World/pull/1347",
    "diff_url": "https://github.com/octocat/Hello-World/pull/1347.diff",
    "patch_url": "https://github.com/octocat/Hello-World/pull/1347.patch"
  },
  "closed_at": null,
  "created_at": "2011-04-22T13:33:48Z",
  "updated_at": "2011-04-22T13:33:48Z",
  "author_association": "COLLABORATOR"
}
"""#

struct GitHubIssue: Codable, Equatable {
    var id: Int
    var nodeId: String
    var url: URL
    var repositoryUrl: URL
    var labelsUrl: String  // a URI template, not a URL
    var commentsUrl: URL
    var eventsUrl: URL
    var htmlUrl: URL
    var number: Int
    var state: String
    var title: String
    var body: String?
    var user: GitHubUser
    var labels: [GitHubLabel]
    var milestone: GitHubMilestone?
    var locked: Bool
    var comments: Int
    var pullRequest: GitHubPullRequestLinks?
    var closedAt: Date?
    var createdAt: Date
    var updatedAt: Date
    var authorAssociation: String
}

struct GitHubUser: Codable, Equatable {
    var login: String
    var id: Int
    var avatarUrl: URL
    var url: URL
    var htmlUrl: URL
    var followersUrl: URL
    var reposUrl: URL
    var eventsUrl: String  // a URI template
    var type: String
    var siteAdmin: Bool
}

struct GitHubLabel: Codable, Equatable {
    var id: Int
    var url: URL
    var name: String
    var description: String?
    var color: String
    var `default`: Bool
}

struct GitHubMilestone: Codable, Equatable {
    var url: URL
    var htmlUrl: URL
    var labelsUrl: URL
    var id: Int
    var number: Int
    var state: String
    var title: String
    var openIssues: Int
    var closedIssues: Int
}

struct GitHubPullRequestLinks: Codable, Equatable {
    var url: URL
    var htmlUrl: URL
    var diffUrl: URL
    var patchUrl: URL
}

extension GitHubIssue: KeyMapped {
    static let keyMap = KeyMap(GitHubIssue.init, serverKeys: .snakeCase)
}

extension GitHubUser: KeyMapped {
    static let keyMap = KeyMap(GitHubUser.init, serverKeys: .snakeCase)
}

extension GitHubLabel: KeyMapped {
    static let keyMap = KeyMap(GitHubLabel.init, serverKeys: .snakeCase)
}

extension GitHubMilestone: KeyMapped {
    static let keyMap = KeyMap(GitHubMilestone.init, serverKeys: .snakeCase)
}

extension GitHubPullRequestLinks: KeyMapped {
    static let keyMap = KeyMap(GitHubPullRequestLinks.init, serverKeys: .snakeCase)
}

/// The issue as the app receives it: `JSONSerialization`'s dictionary read by the key map.
func gitHubIssue() throws -> GitHubIssue {
    let response = try JSONSerialization.jsonObject(with: Data(gitHubIssueJSON.utf8)) as! [String: Any]
    return try GitHubIssue.decode(responseObject: response)
}
