/// What a learner answered to one question.
public enum Response: Sendable, Hashable, Codable {
    /// Choice ids (`c1`, ...): one for `single`, any number for `multiple`.
    case choices([String])
    case trueFalse(Bool)
    case text(String)
    case number(Double)

    private enum CodingKeys: String, CodingKey { case choices, answer, text, number }

    /// JSON forms: `{"choices": ["c1"]}`, `{"answer": true}`, `{"text": "me"}`, `{"number": 9}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let choices = try container.decodeIfPresent([String].self, forKey: .choices) {
            self = .choices(choices)
        } else if let answer = try container.decodeIfPresent(Bool.self, forKey: .answer) {
            self = .trueFalse(answer)
        } else if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            self = .text(text)
        } else if let number = try container.decodeIfPresent(Double.self, forKey: .number) {
            self = .number(number)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a response needs `choices`, `answer`, `text` or `number`"))
        }
    }

    /// Writes the response as its JSON object, with the one key its kind takes (`choices`,
    /// `answer`, `text` or `number`).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .choices(let ids): try container.encode(ids, forKey: .choices)
        case .trueFalse(let value): try container.encode(value, forKey: .answer)
        case .text(let text): try container.encode(text, forKey: .text)
        case .number(let value): try container.encode(value, forKey: .number)
        }
    }
}
