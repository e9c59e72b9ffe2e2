import Foundation
import Archiver

/// The tutorial's server response, shared by the examples and the tests, as JSON text: what an app receives before `JSONSerialization`
/// turns it into the `ResponseObject` the tutorial starts from.
public let tutorialJSON = #"""
{
    "id": "abcd-efgh-ijkl-mnop",
    "name": "George Costanza",
    "user_reviews": [
        {"id": "123-456",
         "restaurant": {"id": "abcd-1234", "name": "The Original Soup Man"},
         "star_rating": "4",
         "text": "Good soup! One star off for forgeting the bread."},
        {"id": "789-012",
         "restaurant": {"id": "efgh-5678", "name": "La Boîte en Bois"},
         "star_rating": "4",
         "text": "I've heard the risotto is very good here."},
        {"id": "345-678",
         "restaurant": {"id": "ijkl-9012", "name": "Monk's Café"},
         "star_rating": "5",
         "text": "Always a consistent experience. Great atmosphere."}
    ]
}
"""#

/// The tutorial's response object, parsed from ``tutorialJSON`` as an app would.
public func tutorialResponseObject() throws -> ResponseObject {
    guard let object = try JSONSerialization.jsonObject(with: Data(tutorialJSON.utf8)) as? ResponseObject else {
        throw CocoaError(.propertyListReadCorrupt)
    }
    return object
}
