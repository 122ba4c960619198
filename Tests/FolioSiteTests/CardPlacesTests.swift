import FolioModel
import FolioProgram
import Foundation
import XCTest

@testable import FolioSite

/// Where version 1's card marks go: found by front in version 1's bundle on the first
/// build over it, then kept from one site to the next.
final class CardPlacesTests: XCTestCase {
    func program(_ cards: [(String, String)]) -> CompiledProgram {
        CompiledProgram(
            settings: ProgramSettings(id: "p", title: "P"), welcome: CompiledPage(title: "W", body: Body(blocks: [])), billOfRights: nil,
            chapters: [], quizzes: [], decks: [Deck(id: "feelings", title: "F", cards: cards.map { Deck.Card(id: $0.0, front: $0.1, back: "b") })],
            media: [])
    }

    func published(_ fronts: [String], ids: [String]? = nil) -> PublishedIdentities {
        PublishedIdentities(
            program: .init(id: ids == nil ? nil : "p", title: "P"), quizzes: [],
            decks: [.init(id: "feelings", cards: fronts.enumerated().map { .init(id: ids?[$0.offset], front: $0.element) })])
    }

    func testTheFirstBuildOverVersionOneFindsEachCardByItsFront() throws {
        let now = program([("proud", "Proud"), ("calm", "Calm"), ("empathy", "Empathy"), ("calm-2", "Calm")])
        let places = CardPlaces.version1(
            published: published(["Empathy", "Jealous", "Calm", "Calm"]), previousSite: URL(fileURLWithPath: "/nonexistent"), program: now)
        XCTAssertEqual(places?["feelings"], ["empathy", nil, "calm", "calm-2"], "Jealous is gone; two cards with one front are both found")
    }

    func testLaterBuildsKeepThePlacesOfTheSiteTheyReplaceLessTheCardsRemoved() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("folio-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        try Data(#"{"decks":{"feelings":["empathy","calm"]},"version1Places":{"feelings":["empathy",null,"calm"]}}"#.utf8)
            .write(to: site.appendingPathComponent("card-ids.json"))
        let now = program([("calm", "Calm"), ("new", "New")])
        let places = CardPlaces.version1(published: published(["Empathy", "Calm"], ids: ["empathy", "calm"]), previousSite: site, program: now)
        XCTAssertEqual(places?["feelings"], [nil, nil, "calm"], "empathy was removed since")
        XCTAssertNil(CardPlaces.version1(published: nil, previousSite: site, program: now), "with nothing published before, nothing is known")
        let rendered = SiteRenderer(program: now, version: "v")
        var withPlaces = rendered
        withPlaces.version1Places = places
        let file = withPlaces.render(.cardIDs)
        XCTAssertEqual(file.path, "card-ids.json")
        XCTAssertEqual(String(decoding: file.data, as: UTF8.self), #"{"decks":{"feelings":["calm","new"]},"version1Places":{"feelings":[null,null,"calm"]}}"#)
    }
}
