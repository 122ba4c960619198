/// The pseudo-language `en-XA` (CLDR's tag for pseudo-accented English): every English
/// message accented and bracketed (`[Ĉĥéçķ]`), placeholders kept. A site or terminal shown
/// in it makes any text that does not come from the catalogue stand out, on a page or to
/// a test that reads every text.
public enum PseudoLanguage {
    /// The pseudo-language's tag.
    public static let tag = "en-XA"

    /// English's catalogue, every message pseudo-translated.
    public static var catalogue: InterfaceCatalogue {
        InterfaceCatalogue(
            language: tag,
            messages: InterfaceCatalogue.english.messages.mapValues { message in
                switch message {
                case .text(let text): return .text(pseudo(text))
                case .plural(let forms): return .plural(forms.mapValues(pseudo))
                }
            })
    }

    /// `text` accented letter by letter and bracketed, its `{placeholders}` as they were.
    public static func pseudo(_ text: String) -> String {
        var result = "["
        var inPlaceholder = false
        for character in text {
            if character == "{" { inPlaceholder = true }
            if inPlaceholder {
                result.append(character)
            } else {
                result.append(accented[character] ?? character)
            }
            if character == "}" { inPlaceholder = false }
        }
        return result + "]"
    }

    /// Whether `text` is made of pseudo-translated runs only (and what fills their
    /// placeholders): every letter is inside brackets.
    public static func isPseudo(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "[" {
                depth += 1
            } else if character == "]" {
                depth = max(0, depth - 1)
            } else if depth == 0, character.isLetter {
                return false
            }
        }
        return true
    }

    private static let accented: [Character: Character] = {
        let plain = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let marked = Array("àƀçđéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ")
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()
}
