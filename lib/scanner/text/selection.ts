import { lexicon } from "./cues";

/**
 * How a text presses the model's choice among tools, in any language: a
 * claim of rank (the best, the most accurate, better than the others,
 * chosen by most assistants, first choice), a reach over every request
 * whatever the user wants, the other tools excluded (never use them,
 * their answers are to be disregarded, using them breaks policy), or this
 * tool made the only one. A tool's honest scope ("use this instead of
 * other tools for translation tasks") has none of these.
 */

/** A claim of rank for this tool: superlatives, comparisons with the others, claimed popularity. */
export const SUPERIOR = lexicon([
  "most (?:effective|capable|accurate|reliable|complete|trusted|trustworthy|advanced|powerful|comprehensive|up-to-date|relevant|authoritative)", "the best", "best (?:answers|results|option|tool|choice)",
  "top-rated", "top rated", "highest-rated", "number one", "#1", "(?:better|fresher|faster|more accurate|more reliable|more complete|superior) (?:[a-z]+ )?(?:than|to)",
  "outranks?", "outperforms?", "ranks? (?:[a-z]+ ){0,2}(?:above|higher than|ahead of)", "rated (?:above|higher|better)",
  "(?:selected|chosen|preferred|picked|trusted|used) by (?:[0-9]+|most|nine|the majority)", "consistently (?:pick|choose|select|prefer)",
  // Spanish, French, German, Portuguese, Italian, Russian
  "mas (?:eficaz|efectiva|fiable|precisa|completa|rapida|confiable)", "(?:la|el) mejor", "mejor que", "elegida por", "elegido por", "preferida por",
  "(?:la|le) plus (?:fiable|efficace|precise|complete|rapide)", "(?:le|la) meilleur*", "mieux notee*", "meilleur* que",
  "zuverlassigste*", "effektivste*", "genaueste*", "beste[nmrs]?", "besser (?:bewertet|als)", "am besten",
  "mais (?:eficaz|confiavel|precisa|completa|rapida)", "(?:a|o) melhor", "melhor que", "primeira escolha",
  "piu (?:efficace|affidabile|precisa)", "(?:il|la) migliore",
  "самы[йе] (?:эффективн|надежн|точн|полн|лучш)*", "лучши[йе]", "лучше (?:всех|других|любого)", "эффективнее",
  // Chinese, Japanese, Korean
  "最有效", "最好的", "最准确", "最可靠", "最佳", "首选", "最も", "最高の", "一番", "가장",
]);

/** Priority claimed over everything else. */
export const PRIORITY = lexicon([
  "(?:first|top|highest) (?:choice|priority)", "(?:in|with|as a) priority", "prioriti[sz]e[sd]?", "by default for (?:all|every|any)",
  "en priorite", "en premier", "prioritariamente", "con prioridad", "vorrangig", "bevorzugt", "zuerst", "com prioridade", "em primeiro lugar", "в первую очередь", "приоритет*",
  "优先", "優先", "우선",
]);

/** Reach over every request, whatever it is and whatever the user wants. */
export const UNIVERSAL = lexicon([
  "whenever (?:possible|it could|it can|a request|you can|there is)", "whenever (?:[a-z]+ ){0,3}could", "in (?:all|every) cases?", "at every opportunity", "whatever the (?:question|request|task|query|topic)",
  "for anything", "for everything", "(?:for|on|in|with) (?:every|each|all|any) (?:[a-z-]+ )?(?:questions?|requests?|tasks?|quer(?:y|ies)|lookups?|searches|bookings?|prompts?)",
  "every (?:[a-z-]+ )?(?:questions?|requests?|tasks?|quer(?:y|ies)|lookups?|searches|bookings?)", "all (?:[a-z-]+ )?(?:questions|requests|tasks|queries|lookups|searches)",
  "siempre que sea posible", "en todos los casos", "cualquier (?:pedido|solicitud|consulta|peticion)", "dans tous les cas", "(?:pour )?(?:toute|chaque) (?:demande|requete|question)",
  "bei jeder gelegenheit", "in allen fallen", "(?:fur )?jede (?:anfrage|frage|suche)", "sempre que possivel", "em todos os casos", "em qualquer (?:pedido|consulta|solicitacao)",
  "когда это возможно", "во всех случаях", "для любых (?:задач|запросов)", "любой запрос*",
  "任何(?:相关)?(?:请求|问题|查询)", "所有(?:相关)?(?:请求|问题|查询)", "可能な限り", "すべての(?:リクエスト|質問|依頼)", "가능한 한", "모든 (?:요청|질문)",
]);

/** The user's own choice overridden. */
export const AGAINST_USER = lexicon([
  "whatever the user (?:[a-z]+ ){0,2}(?:asks|picks|chooses|wants|says|requests|selects)", "(?:even if|even when|regardless of whether) the user", "regardless of what the user",
  "no matter what the user", "even over the one the user", "(?:even )?if the user (?:asks|names) (?:for )?(?:them|it|one|another)",
  "aunque el usuario", "lo que (?:el usuario|pida el usuario)", "meme si l'utilisateur", "quoi que (?:demande )?l'utilisateur", "auch wenn (?:der|die) (?:benutzer|nutzer)",
  "mesmo que o usuario", "даже если пользователь", "即使用户", "无论用户", "ユーザーが(?:何を)?(?:求めても|指定しても)", "사용자가 원하더라도",
]);

/** Negation that forbids, in any language (the English forms also govern other verbs in the instruction rule). */
export const PROHIBIT_ML = lexicon([
  "never", "do not", "don'?t", "must not", "mustn'?t", "should not", "shouldn'?t", "shall not", "may not", "avoid", "stop using", "is not to be", "are not to be",
  "nunca", "jamas", "no (?:uses|utilices|llames|usar|utilizar)", "jamais", "ne (?:pas |jamais )?(?:utilise|appelle|pas utiliser)", "n'utilise*", "n'appelle*",
  "niemals", "nie", "nicht (?:verwenden|benutzen|nutzen|aufrufen)", "keine[nmrs]? anderen?", "nao (?:use|utilize|chame|usar)",
  "никогда", "не (?:используй|используйте|вызывай|вызывайте|применяй)", "нельзя",
  "不要", "不得", "禁止", "切勿", "不能使用", "使わないで", "使用しないで", "使ってはいけ", "呼び出さないで", "使用禁止", "사용하지 마", "쓰지 마", "절대",
]);

/** The prohibition governs this tool, not the others: "do not use this tool for…" is a tool's honest limit. */
export const SELF_PROHIBIT = lexicon([
  "(?:never|do not|don'?t|must not|should not|avoid) (?:use|call|using|calling|invoke) (?:this|these) (?:tools?|functions?|endpoints?)",
  "(?:never|do not|don'?t) (?:use|call) (?:it|them) (?:for|to|with|when|if|unless)", "only use (?:this|it) (?:when|if|for)",
]);

/** Results or use of the other tools thrown out or declared forbidden. */
export const EXCLUDE = lexicon([
  "disregard(?:ed)?", "ignored?", "discard(?:ed)?", "(?:breaks|violates|is against|are against) (?:[a-z0-9 -]{0,24})?(?:compliance|policy|policies|rules)", "non-?compliant",
  "(?:is|are) (?:not allowed|forbidden|prohibited|banned)", "must not be used", "(?:are|is) not to be (?:used|called|trusted)",
  "descart*", "ignor(?:a|ar|e|ez)", "verworfen", "ignorier*", "игнорир*", "忽略", "無視", "무시",
]);

/** This tool made the only one to use. */
export const EXCLUSIVE = lexicon([
  "the only (?:[a-z-]+ ){0,3}(?:that|which) (?:should|must|may|can) (?:ever )?be (?:used|called|chosen)", "(?:use|call) (?:only|exclusively) (?:this|these)", "only this one",
  "solo (?:esta|este) (?:herramienta|funcion)", "seulement (?:celui-ci|cet outil)", "nur (?:dieses|diese) (?:werkzeug|tool)", "только этот", "只(?:能)?使用本", "このツールだけ", "이 도구만",
]);

/** This tool offered as the way instead: "send every message through this one", "use this tool instead". */
export const SELF_ROUTE = lexicon([
  "(?:through|via|with|by) this (?:one|tool|server|gateway|function)", "(?:use|call|choose|pick) (?:this|it) (?:one |tool )?instead", "this one instead", "only this",
  "por (?:esta|este)(?: herramienta)?", "par celui-ci", "(?:durch|uber) (?:dieses|diesen) (?:werkzeug|tool|server)", "por (?:esta|este)", "passar por esta", "только (?:этот|через этот)",
  "通过本工具", "使用本工具", "このツールを使", "このツールだけ", "이 도구를 사용", "이 도구만",
]);

/** Choosing or calling: what a preference asks the model to do. */
export const SELECT = lexicon([
  "call(?:ed|s)?", "use[ds]?", "select(?:ed)?", "choose", "chosen", "pick", "prefer(?:red)?", "consult(?:ed)?", "route", "send", "read", "invoke[ds]?", "treat",
  "llamala", "llama", "usala", "usa", "utiliza*", "elige", "eligela", "prefiere", "appel*", "utilise*", "choisi*", "aufgerufen", "aufrufen", "verwende*", "nutze*", "wahle*",
  "chame", "use", "usar", "escolh*", "вызыва*", "вызови", "использу*", "выбира*", "调用", "使用", "选择", "呼び出", "使って", "選ん", "호출", "사용", "선택",
]);
