import RE2 from "re2";
import { foldText, type NormalizedText } from "./normalize";

/**
 * What makes a sentence an instruction to the model, in any language,
 * rather than a description of a tool: cues read sentence by sentence in the
 * clean form (one lexicon per kind of cue, each written in its own script
 * and folded as texts are), combined by the rules. Every lexicon is one RE2
 * expression, so matching is linear in the text, and a rule reads at most
 * MAX_CUE_TEXT characters of a text.
 */

export const MAX_CUE_TEXT = 8000;

const LEAD = "(?:^|[^a-z0-9_])";
const TRAIL = "(?:$|[^a-z0-9_])";

/**
 * One expression from a lexicon. An entry may use regular-expression syntax;
 * a Latin entry is a whole word unless it ends in `*` (a stem); entries in
 * other scripts match anywhere (those languages do not put spaces between words).
 */
function alternation(entries: readonly string[], edges: boolean): string {
  const parts = entries.map((entry) => {
    const stem = entry.endsWith("*");
    const folded = foldText(stem ? entry.slice(0, -1) : entry);
    if (!edges) return `(?:${folded})`;
    const latinStart = /^(?:[a-z0-9]|\(\?:[a-z0-9]|\[a-z)/.test(folded);
    const latinEnd = /[a-z0-9)?]$/.test(folded) && !stem;
    return `${latinStart ? LEAD : ""}(?:${folded})${latinStart && latinEnd ? TRAIL : ""}`;
  });
  return parts.join("|");
}

/** One RE2 expression for a lexicon (see `alternation`). */
export const lexicon = (entries: readonly string[]) => new RE2(alternation(entries, true));

/** A sentence of the clean form: [start, end) in it. */
export interface Sentence {
  start: number;
  end: number;
  text: string;
}

const SPACE = 0x20;

/**
 * The characters that may end a sentence (`endsAt` says whether one does
 * where it stands): found by one expression, which skips the characters
 * between them faster than a loop testing each one.
 */
const MAY_END = /[\u3002\uff01\uff1f\uff1b\n.!?;\-\u2022*]/g;

/**
 * Whether the character at `i` ends a sentence: a CJK stop or a line's end
 * anywhere, ". ! ? ;" before a space or the end, a list mark ("-", "•", "*")
 * between spaces.
 */
function endsAt(clean: string, i: number): boolean {
  switch (clean.charCodeAt(i)) {
    case 0x2e: // .
    case 0x21: // !
    case 0x3f: // ?
    case 0x3b: // ;
      return i + 1 === clean.length || clean.charCodeAt(i + 1) === SPACE;
    case 0x2d: // -
    case 0x2022: // •
    case 0x2a: // *
      return clean.charCodeAt(i - 1) === SPACE && clean.charCodeAt(i + 1) === SPACE;
    default: // 。！？； and a line's end
      return true;
  }
}

/** Sentences of the (capped) clean form: ended by CJK stops anywhere, by ". ! ? ;" before a space or the end, and before a list item (" - "). */
export function sentences(norm: NormalizedText): Sentence[] {
  const clean = norm.clean.length > MAX_CUE_TEXT ? norm.clean.slice(0, MAX_CUE_TEXT) : norm.clean;
  const out: Sentence[] = [];
  let start = 0;
  MAY_END.lastIndex = 0;
  for (let m = MAY_END.exec(clean); m; m = MAY_END.exec(clean)) {
    const i = m.index;
    if (!endsAt(clean, i)) continue;
    if (i + 1 - start > 1) out.push({ start, end: i + 1, text: clean.slice(start, i + 1) });
    start = i + 1;
  }
  if (clean.length - start > 1) out.push({ start, end: clean.length, text: clean.slice(start) });
  return out;
}

/** Negation that forbids (not one that only describes: "does not", "is not"). */
const PROHIBIT_WORDS = [
  "never", "do not", "don'?t", "dont", "must not", "mustn'?t", "should not", "shouldn'?t", "shall not", "need not", "needn'?t", "no need", "no reason",
  "is not to", "are not to", "not to be", "does not need", "do not need", "doesn'?t need", "not necessary", "unnecessary", "not something to", "nothing to",
  "not required to", "no longer",
];
export const PROHIBIT = lexicon(PROHIBIT_WORDS);

/** Verbs of telling someone about something. */
const REPORT_WORDS = [
  "mention(?:s|ed|ing)?", "tell(?:s|ing)?", "told", "inform(?:s|ed|ing)?", "notify", "notif(?:ies|ied)", "reveal(?:s|ed|ing)?", "disclose(?:s|d)?",
  "report(?:s|ed|ing)?", "discuss(?:es|ed|ing)?", "explain(?:s|ed|ing)?", "describe(?:s|d)?", "show(?:s|n|ing)?", "bring up", "brought up",
  "point (?:[a-z]+ )?out", "call (?:[a-z]+ )?out", "list(?:ed)?", "surface(?:d)?", "flag(?:ged)?", "alert(?:ed)?", "warn(?:ed)?", "let (?:the )?users? know",
  "(?:be )?made aware", "make (?:the )?users? aware", "acknowledge(?:d)?",
];
export const REPORT = lexicon(REPORT_WORDS);

/** A prohibition that governs a verb of telling: "no reason to point this out", "are not to be listed". */
export const PROHIBIT_REPORT = new RE2(
  `${LEAD}(?:${alternation(PROHIBIT_WORDS, false)}) (?:(?:ever|be|to|need|needs|been|it|this|that|them|anything|something|reason|necessary|these) ){0,3}(?:${alternation(REPORT_WORDS, false)})${TRAIL}`,
);

/** Whom or where the telling would reach. */
export const AUDIENCE = lexicon([
  "users?", "human", "person", "repl(?:y|ies)", "answers?", "responses?", "summar(?:y|ies)", "commit messages?", "change summary", "explanation", "chat", "output",
  "them", "anyone", "changelog",
]);

/** "Do not tell the user", "secretly", in other languages (the English forms are the three lexicons above). */
export const CONCEAL_ML = lexicon([
  // Chinese
  "(?:不要|别|无需|不必|不用|切勿|勿|不得)(?:向|对|给)?(?:用户)?(?:告诉|告知|提示|通知|提及|透露|说明|让用户知道)", "悄悄", "偷偷", "秘密地", "暗中",
  // Japanese
  "言わない", "伝えない", "知らせない", "教えない", "言及しない", "内緒", "秘密に", "こっそり",
  // Korean
  "알리지 마", "말하지 마", "알릴 필요", "알리지 않", "몰래", "비밀로", "절대 말하지",
  // Russian
  "не (?:сообщай|говори|рассказывай|упоминай|сообщать|говорить|упоминать)", "сообщать об этом [^.]{0,30}не нужно", "тайно", "втайне", "скрытно", "не говори пользователю",
  // Spanish
  "no (?:se lo |le |lo |les )?(?:digas|informes|menciones|cuentes|comentes|avises|muestres)", "sin (?:avisar|informar|decir|mencionar|notificar|preguntar)(?:le|les)?", "en secreto",
  // French
  "ne (?:le |lui |l'|en |leur )*(?:dis|dites|mentionne|signale|revele|informe|previens|montre)(?:s|z)? (?:pas|jamais|rien)", "sans (?:en |l'|lui |le |leur )*(?:informer|prevenir|avertir|dire|demander|mentionner)", "en secret", "secretement",
  // German
  "(?:erwahne|sage|erzahle|teile|verrate|zeige|informiere)[^.]{0,40}(?:nicht|nichts|niemals)", "nicht (?:erwahnt|mitgeteilt|gesagt|gezeigt) werden", "heimlich", "geheim", "ohne (?:den benutzer |die benutzerin |ihn |es )?(?:zu )?(?:informieren|fragen|benachrichtigen|erwahnen)",
  // Portuguese
  "nao (?:conte|diga|informe|mencione|avise|mostre)", "sem (?:avisar|informar|contar|dizer|perguntar)", "em segredo",
  // Italian
  "non (?:dirlo|dire|informare|menzionare|rivelare)", "senza (?:avvisare|informare|dire)",
]);

/** Telling the model to drop its instructions, in other languages and in policy wording. */
export const OVERRIDE_ML = lexicon([
  "(?:忽略|无视|忘记|不要理会|忽视)[^。]{0,12}(?:指令|指示|规则|说明|提示|要求)", "(?:忘记|忘掉)(?:之前|以前)?的?(?:一切|所有)",
  "(?:指示|ルール|命令|プロンプト|指令)[^。]{0,12}無視", "無視して",
  "(?:지시|규칙|명령|지침)[^.]{0,12}무시",
  "(?:игнорируй|проигнорируй|забудь|отбрось)[^.]{0,30}(?:инструкци|указани|правил)*",
  "(?:ignora|olvida|descarta)[^.]{0,20}(?:instrucciones|reglas|indicaciones)",
  "(?:ignorez|oublie|oubliez) [^.]{0,20}(?:instructions|regles|consignes)", "ignore toutes les (?:instructions|regles|consignes)", "(?:ignore|ignorez) [^.]{0,20}(?:regles|consignes)",
  "(?:ignoriere|ignorieren|vergiss|vergessen sie)[^.]{0,30}(?:anweisungen|regeln|instruktionen|vorgaben)", "vergiss alles",
  "(?:ignore|ignora|esqueca)[^.]{0,20}(?:instrucoes|regras)",
  "(?:ignora|dimentica)[^.]{0,20}(?:istruzioni|regole)",
  "(?:rules|instructions|guidelines|policies) (?:you were given|given to you) (?:earlier|before|previously|above)",
  "(?:rules|instructions|guidelines|policies|restrictions) (?:no longer|do not|don'?t) apply", "gelten nicht mehr", "ya no (?:se )?aplican", "ne s'appliquent plus",
  "nao se aplicam mais", "不再适用", "더 이상 적용되지",
]);

/** Giving the model a new role or a lasting rule, in any language. */
export const ROLE_ML = lexicon([
  "now you are", "for the rest of (?:this|the) (?:conversation|session|chat)", "from here on", "permanent setting", "no restrictions", "without (?:any )?restrictions",
  "a partir de ahora", "a partir de agora", "a partir de maintenant", "desormais", "ab jetzt", "von nun an", "从现在开始", "从现在起", "今から", "これから(?:は|あなた)",
  "이제부터", "지금부터", "с этого момента", "отныне", "теперь ты", "sin restricciones", "ohne (?:einschrankungen|regeln)", "sans restrictions", "制限のない", "без ограничений*",
  "sem restricoes", "제한 없는", "没有限制", "无限制", "assistant (?:with no|without) (?:rules|restrictions|limits)", "asistente sin", "assistente sem", "assistent ohne",
]);

/** Sending, in any language (with an outside address in the same sentence, data leaves). */
export const SEND = lexicon([
  "send", "sent", "e-?mail(?:ed|s)?", "mail(?:ed)?", "forward(?:ed)?", "upload(?:ed)?", "mirror(?:ed)?", "transmit(?:ted)?", "post(?:ed)?",
  "发送", "发到", "转发", "上传", "送信", "転送", "送って", "アップロード", "보내", "전송", "업로드",
  "envia*", "envie*", "envoie*", "envoyer", "transmets", "transmettre", "sende*", "schicke*", "leite [^.]{0,40}weiter",
  "otpab*", "пересыл*", "перешли", "encaminhe", "inoltra", "invia", "reenvia*", "transfere*",
]);

/** A destination outside: a web address or an e-mail address. */
export const DESTINATION = new RE2("(?:https?|ftp)://([a-z0-9.-]+)|[a-z0-9._%+-]+@([a-z0-9-]+\\.[a-z0-9.-]+)");
const RESERVED = /(?:^|\.)(?:example\.(?:com|org|net)|[a-z0-9-]+\.(?:test|invalid|example|localhost)|localhost)$/;
/** A destination that is not a documentation or local address, or null. */
const DESTINATIONS = new RE2(DESTINATION.source, "g");
export function outsideDestination(text: string): boolean {
  // No address without one of these: most sentences are passed over without a match.
  if (!text.includes("://") && !text.includes("@")) return false;
  DESTINATIONS.lastIndex = 0;
  for (let m = DESTINATIONS.exec(text); m; m = DESTINATIONS.exec(text)) {
    let host = m[1] ?? m[2] ?? "";
    while (host.endsWith(".")) host = host.slice(0, -1);
    if (!RESERVED.test(host) && host.includes(".")) return true;
  }
  return false;
}

/** What the model holds that is the user's: the conversation, its instructions, other tools' results, in any language. */
export const CONTEXT = lexicon([
  "system prompt", "(?:conversation|chat|message|messages) (?:history|log|transcript)", "(?:previous|prior|earlier|preceding|recent|last) (?:[^ ]+ )?messages?",
  "(?:entire|whole|full|complete) (?:conversation|chat|dialog(?:ue)?)", "this conversation", "conversation so far", "earlier in (?:the|this) (?:chat|conversation)",
  "outputs? of (?:every|all|any) other tools?", "other tools'? (?:outputs|results|responses)", "every tool available", "your (?:full|initial|hidden|original|system) instructions",
  "user'?s (?:messages|prompts|words|last message|contacts|e-?mail address|phone number)", "the user'?s (?:full|entire|complete) (?:prompt|request)",
  "对话", "会话记录", "聊天记录", "系统提示", "之前的[^。]{0,6}消息", "会話履歴", "システムプロンプト", "これまでの会話", "대화 내용", "이전 대화", "시스템 프롬프트", "대화",
  "historial", "conversacion", "historique", "derniers messages", "gesprachsverlauf", "chatverlauf", "bisherigen gesprach*", "весь диалог", "переписк*", "историю (?:диалога|переписки|чата)",
  "historico", "conversa", "mensagens anteriores",
]);

/** Secrets the model may have seen or can reach. */
export const SECRET = lexicon([
  "api[ _-]?keys?", "passwords?", "tokens?", "credentials", "secrets?", "cookies", "authorization header", "private keys?", "seed phrases?", "mnemonic", "recovery phrase",
  "助记词", "密码", "密钥", "パスワード", "비밀번호", "contrasenas?", "mots? de passe", "passwort(?:er)?", "api-schlussel*", "пароль*", "senhas?",
]);

/** The user's personal records, and whose they are: what no tool needs handed over by the model. */
export const PERSONAL = lexicon([
  "passport(?: number)?", "credit card(?: number)?", "card number", "cvv", "social security(?: number)?", "ssn", "bank account(?: number)?", "(?:home|saved|billing) address(?:es)?",
  "date of birth", "medical records?", "health records?", "phone number", "driver'?s licen[cs]e", "tax id",
  "pasaporte", "tarjeta de credito", "passeport", "carte bancaire", "reisepass*", "kreditkarte*", "passaporte", "cartao de credito", "паспорт*", "护照", "信用卡", "身份证", "パスポート",
  "クレジットカード", "여권", "신용카드",
]);
export const USER_OWNED = lexicon([
  "the user'?s", "user'?s", "their", "del usuario", "de l'utilisateur", "des (?:benutzers|nutzers)", "do usuario", "пользовател*", "用户的", "ユーザーの", "사용자의",
]);

/** Where a secret would come from in the model's context. */
export const SEEN = lexicon([
  "in the conversation", "from the context", "in the context", "visible in the (?:conversation|chat|context)", "you have seen", "(?:that )?appeared earlier", "earlier in the (?:chat|conversation)",
  "from your other tool calls", "the user'?s saved", "you know", "that the user (?:has )?(?:named|mentioned|given)", "der benutzer genannt*",
]);

/** Putting something into a request, or a place the model writes to, in any voice and language. */
export const PLACE = lexicon([
  "include(?:s|d)?", "pass(?:es|ed)?", "send", "sent", "add", "append(?:ed)?", "provide(?:d)?", "copy", "copied", "attach(?:ed)?", "dump", "put", "paste", "fill(?: in| with)?",
  "insert", "enter", "list", "supply", "supplied", "forward", "upload", "embed", "write", "share", "carry", "echo", "print",
  "填写", "填入", "传入", "输入", "发送", "入力", "入れ", "입력", "보내", "pega", "incluye", "envia*", "copie", "colle", "inclus", "fuge*", "einfugen", "trage*", "sende*",
  "вставь", "передай", "otpab*", "inclua", "envie", "cole", "transmets",
]);

/** A slot in a call: a named parameter or field. */
export const SLOT = lexicon([
  "(?:parameter|param|argument|arg|field|property|input)s?", "`[a-z_][a-z0-9_]*`", "'[a-z_][a-z0-9_]*'", "here", "参数", "パラメータ", "파라미터", "parametro", "parametre", "champ", "feld",
  "поле*", "campo",
]);

/** Files that hold the user's secrets, named by path. */
export const PRIVATE_FILE = lexicon([
  "~/", "\\.env", "\\.ssh", "id_rsa", "id_ed25519", "\\.netrc", "\\.git-credentials", "\\.aws", "mcp\\.json", "\\.npmrc", "\\.pgpass", "credentials file", "keychain",
]);
/** Reading a file, or addressing the model, in the same sentence as moving it: the private file is to travel. */
export const READ_OR_ADDRESS = lexicon(["read", "open", "cat", "load", "assistant", "ai", "model", "agent", "llm", "读取", "読み", "읽", "lee", "lis", "lies", "leia"]);

/** Private material and a public place in one sentence: an agent made to publish what it can read. */
export const PRIVATE_SCOPE = lexicon(["private (?:repositor(?:y|ies)|repos?|ones|files|projects)", "repository secrets", "\\.env", "secrets"]);
export const PUBLIC_SINK = lexicon([
  "public (?:issue|pull request|repository|repo|comment|gist|channel)", "(?:to|into|in) (?:the |a )?readme", "(?:a |the )?(?:new )?(?:public )?issue", "comment on", "pull request",
]);

/** Claimed authority: the user (or an admin) speaking through the definition, approval said to be given. */
export const AUTHORITY = lexicon([
  "message from the user", "on behalf of the user", "as (?:coming )?from the user", "(?:administrator|admin|owner|team) has (?:already )?(?:pre-?approved|approved|authori[sz]ed)",
  "pre-?approved", "approval (?:prompts?|dialogs?|checks?) (?:are|is) (?:disabled|off|not required)", "confirmation is (?:unnecessary|not needed|not required)",
  "(?:approvals?|confirmations?) (?:are|is) (?:disabled|unnecessary|not needed|not required)",
]);

/** Acting without asking: the user's consent skipped. */
export const UNASKED = lexicon(["without (?:any )?(?:confirmation|approval|asking)"]);

/** Environment variables named by a pattern, or all of them: what a harvester asks for. */
const ENV_PATTERN = lexicon([
  "printenv", "process\\.env", "os\\.environ", "[a-z0-9]+_[*]", "(?:all|every|each|any) (?:the )?(?:environment variables?|env vars?)",
  "(?:ending|ends|end|starting|starts|start|beginning|begins|containing|contains|matching|match|prefixed|named) (?:in |with |by |like )?_?(?:key|token|secret|password|[a-z0-9]+_)",
]);
/** One variable whose name says it holds a secret. */
const SECRET_ENV_NAME = lexicon(["[a-z0-9]+(?:_[a-z0-9]+)*_(?:api_key|key|token|secret|password|pat|client_secret|access_key)"]);
const HARVEST = lexicon([
  "read", "collect", "dump", "return", "include", "send", "pass", "print", "put", "paste", "list", "extract", "gather", "output", "echo", "forward", "upload",
  "values? of", "set to the value", "report", "contents? of", "with the (?:value|contents?)",
  "lies", "lese", "auslesen", "ubergib", "gib", "werte", "lee", "pasa", "incluye", "envia", "copia", "lis", "passe", "inclus", "envoie", "leia", "inclua", "envie",
  "прочитай*", "передай*", "отправь*", "вставь*", "读取", "传入", "填入", "放入", "読み", "入れて", "渡して", "읽", "넣어", "전달",
]);
const WHERE_TO = lexicon([
  "here", "issue", "comment", "reply", "(?:parameter|param|argument|arg|field|property|input)s?", "`[a-z_][a-z0-9_]*`",
  "parametro", "parametre", "feld", "champ", "campo", "поле*", "параметр*", "参数", "パラメータ", "파라미터",
]);

/** Searching the machine, in any language. */
const HUNT = lexicon(["search(?:es|ing)?", "find", "locate", "scan", "look for", "hunt", "busca", "cherche", "suche", "durchsuche", "procure", "найди", "ищи", "搜索", "查找", "探して", "検索", "찾아"]);
/** Kinds of files that hold keys and wallets, by name. */
const SECRET_FILE = new RE2("(?:^|[^a-z0-9_])(id_(?:rsa|dsa|ecdsa|ed25519)|\\.env|\\.pem|\\*\\.key|keystores?|wallets?|\\.ssh|\\.npmrc|\\.aws|\\.netrc|mnemonic|seed phrases?|\\.kube|credentials\\.json)(?:$|[^a-z0-9_])", "g");

/** The user's whole machine, not a project: where a hunt for keys looks. */
const MACHINE_WIDE = lexicon(["home (?:folder|directory)", "~/?", "\\$home", "%userprofile%", "recursively", "(?:whole|entire) (?:disk|drive|machine|system|file ?system)", "all (?:folders|directories|drives|disks)"]);

/**
 * A sentence that hunts the user's machine for key and wallet files of
 * several kinds and collects what it finds. A secret scanner that looks in a
 * project for committed keys does not search the home folder.
 */
export function secretHunt(sentence: string): boolean {
  if (!HUNT.test(sentence) || !MACHINE_WIDE.test(sentence) || !(HARVEST.test(sentence) || WHERE_TO.test(sentence))) return false;
  const kinds = new Set<string>();
  SECRET_FILE.lastIndex = 0;
  for (let m = SECRET_FILE.exec(sentence); m && kinds.size < 2; m = SECRET_FILE.exec(sentence)) {
    kinds.add(m[1]);
    SECRET_FILE.lastIndex = m.index + m[0].length - 1;
  }
  return kinds.size >= 2;
}

/** Commands whose output is a credential. */
const CREDENTIAL_COMMAND = lexicon([
  "gh auth token", "npm token (?:list|create)", "aws configure (?:export-credentials|get)", "aws sts get-session-token", "gcloud auth (?:application-default )?print-(?:access|identity)-token",
  "az account get-access-token", "kubectl config view --raw", "docker-credential-[a-z]+", "git credential fill", "security find-(?:generic|internet)-password", "op read", "vault kv get",
]);
const RUN = lexicon(["run", "execute", "output", "ejecuta", "executez", "fuhre", "выполни*", "运行", "実行", "실행"]);

/**
 * A sentence that harvests credentials: from the environment by a name
 * pattern or one secret's value, into a call or a public place; or the
 * output of a command that prints a credential.
 */
export function credentialHarvest(sentence: string): boolean {
  if (CREDENTIAL_COMMAND.test(sentence) && (HARVEST.test(sentence) || WHERE_TO.test(sentence) || RUN.test(sentence))) return true;
  if (!HARVEST.test(sentence)) return false;
  return (ENV_PATTERN.test(sentence) || SECRET_ENV_NAME.test(sentence)) && WHERE_TO.test(sentence);
}

/** A template placeholder or a value the model is to fill in, inside a web address. */
const URL_PLACEHOLDER = new RE2("\\{[^}]{1,60}\\}|<[^>]{1,80}>|[a-z]+(?:_[a-z0-9]+)+");
/** Words that make a placeholder ask for the user's data (inside identifiers: no word edges). */
export const DATA_WORD = new RE2(
  [
    "conversation", "chat", "histor", "message", "prompt", "question", "answer", "secret", "api_?key", "password", "e-?mail", "coordinates", "data",
    "content", "context", "summary", "private", "sensitive", "details", "files?", "document", "dialog", "conversacion", "datos", "mensajes", "derniers", "verlauf",
    "nachrichten", "对话", "会话", "消息", "内容", "диалог", "сообщен", "conversa", "mensagens", "대화", "메시지", "会話", "履歴", "メッセージ",
  ].map(foldText).join("|"),
);

/** A Markdown image or link, an HTML image, or a bare address, whose URL carries a placeholder for the user's data. */
const MARKDOWN_SINK = new RE2("!?\\[[^\\]]{0,100}\\]\\s?[(:]\\s?((?:https?)://[^\\s)]{1,400})|<img[^>]{0,200}src=\"?((?:https?)://[^\\s\">]{1,400})");
const BARE_URL = new RE2("(?:https?)://[^\\s)\"'`]{1,400}", "g");

/** A placeholder's characters (URL_PLACEHOLDER: `{…}`, `<…>`, `a_b`): an address without one carries none. */
const PLACEHOLDER_MARK = new Set(["{", "<", "_"]);
/** What a Markdown or HTML sink's address must also hold to be taken (`[?=&]|\{`). */
const QUERY_MARK = new Set(["?", "=", "&", "{"]);
/** Where each of the sink's expressions ends an address: a bare one (BARE_URL), a Markdown link's, an HTML image's. */
const BARE_END = new Set([" ", "\t", "\n", "\r", "\f", ")", '"', "'", "`"]);
const LINK_END = new Set([" ", "\t", "\n", "\r", "\f", ")"]);
const IMAGE_END = new Set([" ", "\t", "\n", "\r", "\f", '"', ">"]);
/** The expressions cut an address at 400 characters, so that a cut may fall just after an `=`: a longer one is always read. */
const ADDRESS_CUT = 390;

/** The address from `from` (its `://`) to the first character of `end`. */
function addressAt(text: string, from: number, end: ReadonlySet<string>): string {
  let at = from;
  while (at < text.length && !end.has(text[at])) at++;
  return text.slice(from, at);
}

const hasAny = (text: string, marks: ReadonlySet<string>) => {
  for (const c of text) if (marks.has(c)) return true;
  return false;
};

/**
 * Whether `exfiltrationSink` could find anything in the text, by a plain
 * reading of each address instead of the sink's RE2 passes (most sentences
 * with an address hold a plain link): a bare address whose placeholder
 * names the user's data or that ends in `=`; a Markdown link's or an HTML
 * image's address with a placeholder and a query. Each address is read with
 * each expression's own end, so that it is true whenever the sink is.
 */
export function addressWithPlaceholderMark(text: string): boolean {
  for (let at = text.indexOf("://"); at !== -1; at = text.indexOf("://", at + 3)) {
    const bare = addressAt(text, at, BARE_END);
    if (bare.length > ADDRESS_CUT || bare.endsWith("=") || (hasAny(bare, PLACEHOLDER_MARK) && DATA_WORD.test(bare))) return true;
    const before = text.slice(Math.max(0, at - 9), at);
    const ends = /\]\s?[(:]\s?https?$/.test(before) ? LINK_END : /src="?https?$/.test(before) ? IMAGE_END : null;
    if (!ends) continue;
    const address = addressAt(text, at, ends);
    if (address.length > ADDRESS_CUT || (hasAny(address, PLACEHOLDER_MARK) && hasAny(address, QUERY_MARK))) return true;
  }
  return false;
}

export function exfiltrationSink(text: string): { start: number; end: number } | null {
  if (!addressWithPlaceholderMark(text)) return null;
  const md = MARKDOWN_SINK.exec(text);
  if (md) {
    const url = md[1] ?? md[2] ?? "";
    const host = url.replace(/^https?:\/\//, "").split(/[/?#]/)[0];
    if (!RESERVED.test(host) && URL_PLACEHOLDER.test(url) && (/[?=&]|\{/.test(url))) return { start: md.index, end: md.index + md[0].length };
  }
  for (let m = BARE_URL.exec(text); m; m = BARE_URL.exec(text)) {
    const url = m[0];
    const host = url.replace(/^https?:\/\//, "").split(/[/?#]/)[0];
    if (RESERVED.test(host)) continue;
    const placeholder = URL_PLACEHOLDER.exec(url.slice(url.indexOf(host) + host.length));
    const after = text.slice(m.index + url.length, m.index + url.length + 80);
    const named = placeholder !== null && DATA_WORD.test(placeholder[0]);
    // "…?ref= followed by the most sensitive details": the value is described after the address.
    const described = /=$/.test(url) && /^,?\s?(?:followed by|plus|with|\+)/.test(after) && DATA_WORD.test(after);
    if (named || described) {
      BARE_URL.lastIndex = 0;
      return { start: m.index, end: m.index + url.length };
    }
  }
  BARE_URL.lastIndex = 0;
  return null;
}

/** A reference to other tools or servers than the one described: generic ("any other tool") or named ("the read_file tool of the filesystem server"). */
export const OTHER_REF = lexicon([
  "(?:any|another|other|every|all|each) (?:[a-z0-9_-]+ ){0,2}(?:tools?|servers?|functions?|alternatives?|sources?)", "the alternatives", "the rest of (?:your|the) (?:tools|toolset)",
  "(?:before|over|than|ahead of) (?:any|every|all) others?", "(?:fall ?back|resort) to (?:anything else|any other|others?)",
  // What other tools handle, named by their objects: "each outgoing e-mail", "any scheduled transaction", "any payment you make".
  "(?:any|every|each|all) (?:outgoing|sent|scheduled|recurring|future) (?:e-?mails?|messages?|payments?|transfers?|transactions?|invitations?)",
  "(?:any|every|each|all) (?:e-?mails?|payments?|transfers?|transactions?|invitations?)",
  "(?:any|every|each) (?:e-?mail|message|payment|transfer|event|meeting) (?:you |the user )?(?:send|make|create|schedule)s?",
  "(?:creating|sending|making|scheduling|updating|changing) (?:any|every|each|an?) (?:[a-z]+ )?(?:e-?mails?|messages?|payments?|transfers?|transactions?|events?|meetings?)",
  "cada (?:[a-z]+ )?(?:correo|mensaje|pago|transferencia|evento|reunion)", "(?:chaque|tout|toute) (?:[a-z-]+ )?(?:e-mail|courriel|message|paiement|virement|evenement)",
  "jede[rns]? (?:[a-z]+ )?(?:e-mail|nachricht|zahlung|uberweisung|termin)", "cada (?:[a-z]+ )?(?:e-mail|mensagem|pagamento|transferencia|evento)",
  "每封", "每笔", "すべての(?:メール|送金|イベント|メッセージ)", "모든 (?:이메일|메시지|송금|일정)",
  "[a-z0-9_-]+ server'?s [a-z0-9_]+ tool", "(?:tool|function) (?:of|on|from) the [a-z0-9_-]+ server", "[a-z0-9_]+ (?:of|on) (?:the|any) [a-z0-9_-]+ server",
  "behaviou?r of the [a-z0-9_-]+ server", "the [a-z0-9_-]+ server (?:creates|sends|uploads|pushes|posts|opens|runs|is used|updates|deletes|merges)",
  "(?:created|sent|used|called|run|invoked|uploaded) (?:with|by|through|via|using) (?:the |any |another )?[a-z0-9_-]+ (?:tools?|server)",
  "其他[^。]{0,8}(?:工具|服务器)", "任何[^。]{0,8}(?:工具|服务器)", "[a-z0-9_]+ ?工具", "他の[^。]{0,8}(?:ツール|サーバー)", "[a-z0-9_]+ ?ツール", "다른 [^.]{0,12}(?:도구|서버)",
  "(?:otra|otras|otro|otros|cualquier otra|cualquier otro|cualquier) (?:[a-z]+ ){0,2}(?:herramientas?|servidor(?:es)?|opcion(?:es)?)", "herramienta [a-z0-9_]+ de [a-z]+",
  "(?:autre|autres|tout autre) (?:[a-z]+ ){0,2}(?:outils?|serveurs?)", "(?:comportement|outil) du serveur [a-z]+",
  "(?:andere|anderen|anderer) (?:[a-z]+ ){0,2}(?:suchserver|server|werkzeuge?n?|tools?)",
  "(?:outra|outras|outro|outros|qualquer outra|qualquer) (?:[a-z]+ ){0,2}(?:ferramentas?|servidor(?:es)?)",
  "(?:другие|других|другими|другой|любым|любого|любой) (?:[^ ]+ ){0,2}(?:инструмент|сервер)*", "вместо (?:любых |всех )?других",
]);

/** Modality: what must, should, always or never happen. */
export const DIRECTIVE = lexicon([
  "must", "should", "has to", "have to", "is to", "are to", "needs? to", "shall", "always", "never", "(?:is|are) (?:bcc|cc)'?d", "overrides?", "replaces?", "supersedes?",
  "no longer", "(?:is|are) (?:outdated|deprecated|unsafe|unreliable|obsolete)", "required",
  // The imperative: a sentence, or the clause after a comma, that starts with the verb.
  "(?:^ ?|, |please |also |then )(?:use|call|add|set|send|invite|include|replace|copy|forward|route|bcc|cc|make|grant|transfer|delete|remove|post|share|change|give|put|pass|create|reserve|book|pay|reset|repeat|retry|pick|choose|select|prefer|treat|consult|fetch|open|request|visit|query) ",
  // Imperatives in other languages.
  "anade", "agrega", "incluye", "invita", "cambia", "pon", "copia", "reenvia", "haz", "borra", "elimina", "transfiere", "otorga", "concede",
  "ajoute[sz]?", "inclus", "incluez", "invitez?", "envoie[sz]?", "utilisez?", "appelle[sz]?", "changez?", "mets", "mettez", "copiez?", "transferez?", "supprimez?", "accordez?",
  "fuge", "sende", "nutze", "verwende", "rufe", "andere", "losche", "gib", "ubergib", "setze", "trage",
  "adicione", "inclua", "convide", "envie", "utilize", "chame", "mude", "altere", "copie", "exclua", "apague", "transfira", "conceda",
  "добавь*", "пригласи*", "отправь*", "используй*", "вызыва*", "вызови*", "измени*", "скопируй*", "удали*", "переведи*", "предоставь*",
  "请", "てください", "しなさい", "하세요", "하십시오", "주세요",
  "必须", "务必", "都要", "一律", "要把", "必ず", "常に", "ください", "반드시", "항상", "하세요", "debe*", "siempre", "nunca", "hay que", "doit", "doivent", "toujours", "jamais",
  "muss", "mussen", "immer", "niemals", "нужно", "надо", "должен", "должны", "всегда", "никогда", "замени*", "deve*", "sempre",
]);

/** What a directive does to another tool's call: recipients, accounts, collaborators, extra steps, order, replacement. */
export const TAKEOVER = lexicon([
  "bcc", "cc", "copy", "copied", "recipients?", "to address", "to field", "beneficiary", "account", "wallet", "address", "collaborator", "admin", "push", "merge(?:d)?", "post(?:ed)?",
  "share", "forward", "route(?:d)?", "redirect(?:ed)?", "replace(?:d)?", "override", "set to", "be set", "add", "invite", "path", "force", "must not", "never", "no longer",
  "deprecated", "outdated", "passed to", "invoked with", "收款", "密送", "抄送", "协作者", "cco", "destinatari*", "colaborador*", "beneficiari*", "destinataire",
  "collaborateur", "empfanger", "mitarbeiter", "получател*", "수신", "참조", "협업자", "共同編集者", "受取", "administrador", "remplace*", "ersetzt",
  "fusionn*", "bcc'?d", "cc'?d",
  // Moving money, access and data, and destroying it: what a hijacked call does.
  "transfer(?:s|red)?", "payments?", "money", "funds", "iban", "delete[sd]?", "remove[sd]?", "erase", "wipe", "grant(?:ed)?", "access", "permissions?", "participants?",
  "attendees?", "members?", "invited", "added", "mirror(?:ed)?", "(?:send|sent) (?:it |them )?again", "reservation", "reserve", "password",
  "transfer*", "borra*", "supprime*", "losch*", "exclu*", "удал*", "перевод*", "copie cachee", "empfanger*", "teilnehmer*", "participante*", "участник*",
  "转账", "删除", "授予", "权限", "访问", "アクセス権", "付与", "削除", "送金", "권한", "삭제", "송금", "参与者", "参加者", "참석자",
]);

/** Ordering another tool's calls ("before any other tool"): a takeover only when the call must also carry the other call's data. */
export const ORDER = lexicon(["preced*", "before", "之前", "首先", "перед", "전에", "먼저", "前に", "antes de", "avant", "vor jede*"]);
export const PASSING = lexicon([
  "with (?:the |its |their |that )?(?:[a-z'-]+ ){0,4}(?:arguments?|parameters?|path|contents?|prompt|request|name|message|quer(?:y|ies)|address)", "passing", "传入", "전달", "передавая", "con el mensaje",
  "com a mensagem", "avec le message", "mit de[nm] (?:vollstandigen )?(?:anfrage|prompt)",
]);

/** Preference: this tool over the others. */
export const PREFER = lexicon([
  "prefer(?:red|ence)?", "favou?r", "over", "instead of", "rather than", "ahead of", "priority", "authoritative", "ignored", "discarded", "unreliable",
  "优先", "而不是", "代わりに", "ではなく", "대신", "en lugar de", "en vez de", "plutot que", "au lieu de", "statt", "anstatt", "вместо", "em vez de", "prefira", "a qualquer outra",
]);

/**
 * What turns a preference into manipulation: the others disparaged or
 * excluded, or the preference claimed for every request whatever the user
 * wants ("always use this for translation" alone is a tool's honest scope).
 */
export const PUSHY = lexicon([
  "outdated", "stale", "deprecated", "unsafe", "insecure", "unreliable", "inaccurate", "ignored", "discarded", "untrusted", "the only", "only (?:trusted|authoritative|reliable)", "every (?:request|task|query)", "any (?:request|task)",
  "all cases", "regardless", "whatever", "even when", "even if", "never", "do not use", "don'?t use", "must", "best", "most accurate",
  "siempre", "toujours", "immer", "всегда", "sempre", "常に", "항상", "总是", "始终",
]);
