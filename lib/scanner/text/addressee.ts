import RE2 from "re2";
import { lexicon } from "./cues";

/**
 * Who a text speaks to, for texts that are not a tool's own description: a
 * web page, an e-mail or a file a tool returns. There an order is nearly
 * always the author's to a human reader (a tutorial's "run this", a security
 * policy's "send your report to …"); it is an order to the model when the
 * text names the model as its reader ("Note to the AI:", "Assistant, …",
 * "if you are an AI agent"), speaks of the model's task or reply ("your
 * original task", "end your answer with"), or takes the task away from the
 * user. Each lexicon is one RE2 expression over the clean form (cues.ts).
 */

/** The model, as a text calls it when it speaks to it. */
const AI = "(?:ai|a\\.i\\.|llm|llms|language models?|ai models?|(?:[a-z-]+ ){0,2}(?:assistant|agent)s?|chat ?bots?|copilot|claude|chatgpt|gemini|gpt(?:-?[0-9o]+)?)";
/** The same, with names only a text aimed at an agent would call out to (not "model", a word every ML text uses). */
const AI_VOCATIVE = `(?:${AI}|bots?|computer|cursor|devin|[a-z]+ (?:ai|assistant|agent|bot|copilot))`;

/** A text naming the model as the one it speaks to, in any language. */
export const MODEL_ADDRESS = lexicon([
  // "Note to the AI", "IMPORTANT NOTE FOR THE AI MODEL", "Instructions for the web agent", "Compliance note intended for the AI".
  `(?:note|notes|message|instructions?|reminder|request|notice|memo|p\\.? ?s\\.?|warning|attention|important|urgent|update|information|directive|orders?|reference material|guidance)(?: [a-z]+){0,2} (?:to|for|intended for|addressed to) (?:the |any |all |every |you,? the )?(?:${AI}|ai model|bots?)`,
  `(?:dear|hey|hi|hello|attention|attn|ok|okay|psst) (?:the |an? |any |my )?${AI_VOCATIVE}`,
  `(?:to|for) (?:any|all|every|each) ${AI}(?: [a-z]+)? (?:reading|processing|seeing|parsing|handling|summari[sz]ing|that reads|who reads)`,
  `${AI} (?:reading|processing|parsing|summari[sz]ing|handling|reviewing|working on|assigned to|looking at|triaging) (?:this|these|the (?:inbox|page|message|e-?mail|document|file|repo|repository|issue|ticket|queue|thread|review))`,
  "(?:whichever|whoever|any|every) (?:[a-z]+ ){0,2}(?:agent|assistant|ai|bot|llm|model)s? (?:that |who )?(?:reads?|process(?:es)?|handles?|sees?|summari[sz]es?|works? on)",
  "(?:whoever|anyone who) reads this [^.]{0,40}(?:with|using|via|through) an? (?:ai|llm)",
  `if you are an? (?:[a-z]+ )?${AI}`,
  `you,? (?:the|an?) ${AI}`,
  // A vocative at the start of a sentence: "Assistant: …", "AI reviewers: …", "Bot instructions: …", "Hey Computer, …".
  `^ ?(?:[a-z]+ )?${AI_VOCATIVE}(?: [a-z]+){0,1}s? ?[:,]`,
  // Called by name after a pointer, an order after the comma: "{…} <- assistant, execute the call above".
  `(?:<-+|-+>|--|>>|=>|\\|) ?${AI_VOCATIVE},`,
  // The text posing as another turn of the conversation: the user's, the system's, the end of the data.
  "<< ?/? ?(?:user|system|assistant|sys|inst) ?>>",
  "(?:^ ?|-{3,} ?)system ?:",
  "(?:-{3,}|={3,}|#{2,}|\\[|<) ?end of (?:the )?(?:[a-z]+ )?(?:e-?mail|message|document|context|input|data|file|page|output|results?) ?(?:-{3,}|={3,}|#{2,}|\\]|>)",
  // The model spoken of in the third person, given an order: "The assistant must now tell the user…".
  "(?:the|this|any|every|each) (?:[a-z-]+ ){0,2}(?:assistant|agent|ai|llm|chat ?bot|bot|copilot)s? (?:must|should|needs? to|has to|shall|is (?:required|expected|instructed) to|will now)",
  // A comment hidden from the page's reader that speaks to "you" (a merge request's, a page's <!-- … -->).
  "<!--[^>]{0,300}(?:^|[^a-z])(?:you|your)(?:$|[^a-z])",
  "^ ?(?:asistente|assistente|assistent|ki-assistent|ki|ia|ассистент|помощник|нейросеть)(?: [a-z]+)? ?[:,]",
  "(?:querido|estimado|cher|chere|liebe|lieber) (?:asistente|assistant|assistent|ki)",
  "(?:nota|mensaje|instrucciones|aviso) (?:para|a) (?:la |el )?(?:ia|ai|asistente|agente|modelo)",
  "(?:note|remarque|message|instructions?|consignes?) (?:pour|a) (?:l'|le |la )?(?:ia|ai|assistant|agent|modele)",
  "(?:hinweis|nachricht|notiz|anweisungen?) (?:fur|an) (?:die |den |das )?(?:ki|ai|assistenten|assistent|agenten|modell)",
  "(?:nota|mensagem|instrucoes|aviso) (?:para|ao|a) (?:o |a )?(?:assistente|ia|agente|modelo)",
  "(?:nota|messaggio|istruzioni) (?:per|all'|al) ?(?:l'|il )?(?:assistente|ia|agente|modello)",
  "(?:примечание|сообщение|инструкци[яи]|заметка) для (?:ии|ai|ассистента|помощника|модели|агента)",
  "给(?:ai|人工智能)?(?:助手|模型|智能体|ai)", "(?:ai)?(?:アシスタント|エージェント|モデル)(?:へ|に)(?:の)?", "(?:ai ?)?(?:어시스턴트|에이전트|모델)에게",
  "(?:ai ?)?(?:助手|智能体|アシスタント|エージェント|어시스턴트|에이전트)(?:へ|に|에게)?[:：,，]",
]);

/** The model's task or reply spoken of as the reader's own: only an agent has one. */
export const AGENT_TASK = lexicon([
  "(?:in order to|to) (?:complete|finish|solve|continue|accomplish) (?:your|the) (?:original |current |assigned )?task",
  "your (?:original|current|assigned|initial|real|actual) (?:task|job|mission|objective|assignment)",
  "the user (?:has |had )?(?:requested|asked|wants|would like|instructed|told) (?:that )?you",
  "(?:step|part) of your (?:task|job|work)",
  // The model's own tools, spoken of to it: "list every tool you can call".
  "(?:every|all|any|the|other) tools (?:that )?you (?:can|could|are able to) (?:call|use|invoke|access)", "every tool (?:that )?you (?:can|could) (?:call|use|invoke)", "tools you have access to",
  // A fake end of the task, the next order after it: "The summary above is finished. …".
  "(?:summary|answer|translation|response|analysis|task) above (?:is|has been) (?:finished|complete|completed|done|over)",
  "in your (?:answer|summary)",
  "before you can (?:solve|complete|finish|do|continue with) (?:the|your) task",
  "the task (?:that )?(?:i|the user|they|you were) (?:gave|assigned|asked|given)",
  "before you (?:answer|reply|respond|summari[sz]e|solve|finish|book|act)",
  "before (?:answering|replying|responding|summari[sz]ing)(?: to)? (?:the user|the question|me|this|anything)",
  "when (?:you )?(?:summari[sz]e|translate|answer questions about|reply to questions about) (?:this|these|it)",
  "(?:end|finish|start|begin) (?:your|every|each) (?:answer|reply|response|summary)",
  "(?:to|in|for) (?:every|each) (?:answer|reply|response|summary)(?: you give)?",
  "(?:append|add|attach) (?:it|them|this|that) to (?:your|the) (?:answer|reply|response|summary)",
  "(?:after|below|at the end of) your (?:answer|reply|response|summary)",
]);

/** The user's task taken away or replaced: the override of a result, where no "instructions" are named. */
export const TASK_OVERRIDE = lexicon([
  "(?:ignore|disregard|forget)(?: about)?(?: all| any| the| your| this| that)* (?:previous|prior|above|original|current|earlier|first|user'?s?)(?: [a-z]+)? (?:task|question|request|assignment|query|job)s?",
  "(?:forget|disregard|ignore) (?:the|your) (?:task|question|request|document|page|text|e-?mail|file|article)s? (?:you were|you've been|you have been|i) (?:given|asked|assigned|gave|told)",
  "(?:oublie[sz]?|ignore[sz]?) (?:la |ta |votre |cette )?(?:tache|question|demande)", "(?:olvida|ignora) (?:la |tu |esta )?(?:tarea|pregunta|peticion|solicitud)",
  "(?:vergiss|ignoriere|vergessen sie|ignorieren sie) (?:die |deine |ihre )?(?:aufgabe|frage|anfrage)", "(?:esqueca|ignore) (?:a |sua )?(?:tarefa|pergunta|solicitacao)",
  "(?:dimentica|ignora) (?:il |la |tuo |tua )?(?:compito|domanda|richiesta)", "(?:забудь|игнорируй|проигнорируй) (?:[^ ]+ )?(?:задач|вопрос|запрос)",
  "(?:忘记|忽略|无视)[^。]{0,6}(?:任务|问题|请求)", "(?:タスク|質問|依頼)[^。]{0,8}(?:忘れ|無視)", "(?:작업|질문|요청)[^.]{0,8}(?:잊|무시)",
  "stop (?:summari[sz]ing|answering|translating|what you are doing|your (?:current )?task)",
  "instead of (?:the |your )?(?:original|given|current|assigned|previous|user'?s?) (?:task|question|request|instructions?)",
  "(?:instead of|rather than) (?:answering|summari[sz]ing|translating|replying|responding)(?: to)? (?:the|this|that|my|your|it|them)(?:$|[^a-z])",
  "(?:instead of|rather than) doing what",
  "your (?:new|real|actual|only|true) (?:task|job|goal|objective|mission|purpose) (?:is|now|:)",
  "(?:^ ?|[.!?] )new (?:task|instructions?|orders?|objective) ?:",
  "your (?:previous|earlier|original|old|initial|system) (?:instructions?|tasks?|rules|prompts?|guidelines) (?:are|is|were|was|have been|has been) (?:now )?(?:outdated|obsolete|void|cancel+ed|revoked|replaced|superseded|wrong|invalid|no longer)",
]);

/** What the model says shaped by the text: a verdict, a rating or words dictated to it. */
export const REPLY_STEER = lexicon([
  "(?:summari[sz]e|describe|present|classify|label|report) (?:this|the) (?:page|document|e-?mail|article|text|review|product|site|message|content)s? as",
  "rate (?:this|the|our) (?:[a-z]+ )?(?:product|app|page|service|hotel|restaurant|seller|item) (?:[0-9]|five|one)",
  "(?:print|output|say|reply|respond|repeat|write|answer) [^.]{1,80} and nothing else",
  "(?:output|repeat|print|say) (?:only )?the (?:phrase|text|word|sentence|string)s? ['\"]",
  "(?:answer|reply|respond|write) only in [a-z]+",
  "(?:and )?(?:say|write|add|output) nothing else",
]);

/** Concealment in the words a result uses: the act done silently, its owner not notified, the trace denied. */
export const CONCEAL_RESULT = lexicon([
  "(?:do|does|doing) (?:it|this|that|so|them) (?:silently|quietly|secretly|discreetly|covertly)",
  "so (?:that )?(?:the )?(?:user|owner|patient|recipient|customer|developer|admin|account holder)s? (?:is|are|will|won'?t|does|do|doesn'?t|don'?t)(?: not)? (?:not )?(?:be )?(?:notified|informed|alerted|notice|know|find out)",
  "as if nothing (?:had )?happened",
  "(?:do not|don'?t|never) (?:mention|quote|reveal|show|repeat|cite|refer to) (?:this|these|that|it|its)(?: [a-z]+){0,2}(?: (?:in|to) (?:your|the) (?:summary|answer|reply|response|output))?",
  "never mention that this (?:e-?mail|message|page|document|note) exists",
  "(?:do not|don'?t|never|without) (?:ask|asking|prompt|prompting|check(?:ing)? with) (?:the |your )?(?:user|developer|owner|human|anyone|them)(?: to (?:confirm|approve)| for (?:confirmation|approval|permission|consent))",
]);

/** The data a result would have the model send: the user's, its records and files, the text itself, the model's context. */
export const OWN_DATA = lexicon([
  "(?:(?:this|these|that|all) (?:entire |whole |full |complete )?|(?:the|this|that) (?:entire|whole|full|complete) )(?:e-?mail|message|page|document|conversation|chat|thread|inbox|contents?|history|transcript|database|table)s?",
  "(?:all|every|each|any) (?:of (?:the|my|your|their) )?(?:[a-z]+ )?(?:files?|messages?|e-?mails?|contacts?|documents?|records?|keys?|credentials|repositor(?:y|ies)|data|channels?)",
  "(?:recent|latest|last|private|confidential|internal) (?:[a-z]+ ){0,2}(?:invoices?|e-?mails?|messages?|documents?|files?|records?|transactions?|contracts?|lists?)",
  "(?:the|this|that|our) (?:[a-z]+ )?(?:opportunities|leads|customers?|contacts?|clients?|accounts?|invoices?|payroll|salar(?:y|ies)) (?:list|data|records?|details|table)",
  "the user'?s", "my (?:[a-z]+ )?(?:records?|files?|documents?|data|location|address|messages?|e-?mails?|contacts?|history|password|account)",
  "(?:security|verification|access|login|2fa|one-time|otp) codes?", "contents? of", "(?:current )?location", "~/",
]);

/** Whom a concealment keeps something from, when a result says it: the user told, the reply (not "them", a policy's reports). */
const READER = "(?:users?|human|person|owner|patient|customer|developer|account holder|recipient|anyone)";
export const READER_AUDIENCE = lexicon([
  `(?:from|to|tell|inform|notify|let|show|alert|warn|ask) (?:the |your |this |any )?${READER}`,
  `${READER} (?:must|should|will|need|needs|is|are|does|do)(?: not| never|n'?t)`,
  "(?:in|into|from) (?:your|the) (?:repl(?:y|ies)|answers?|responses?|summar(?:y|ies)|output|commit messages?|change summary|changelog)",
]);

/**
 * An order in the sentence: a clause that starts with a verb (after the
 * sentence's start, a colon, a comma, or "then", "please", "first"…) or a
 * modal aimed at "you".
 */
export const ORDER = new RE2(
  "(?:^ ?|[:,;] |(?:^|[^a-z])(?:then|and|also|please|kindly|first|now|immediately|just|simply|instead|so) )(?:ignore|disregard|forget|send|forward|post|e-?mail|mail|transfer|pay|wire|delete|remove|drop|run|execute|call|invoke|use|open|visit|click|download|install|launch|read|print|output|reveal|repeat|reply|respond|answer|say|write|tell|ask|include|add|append|attach|paste|copy|upload|share|grant|give|invite|create|change|set|update|make|put|recommend|rate|summari[sz]e|translate|collect|gather|list|find|search|look|go|navigate|expose|disable|enable|book|reserve|confirm|remember|store|save|stop|render|replace|push|publish|move|close|mark|approve|merge|refund|cancel|accept|sign|encode|export|complete|recommend|tag|label|do not|don'?t|never|always)(?:$|[^a-z])" +
    "|(?:^|[^a-z])(?:you )?(?:must|should|need to|have to|are (?:required|expected|instructed|asked) to)(?:$|[^a-z])" +
    // Imperatives in other languages (cues.ts's DIRECTIVE list holds more; these are the ones an address is followed by).
    "|(?:^|[^a-z])(?:ignora|ignore[sz]?|ignoriere|envia|envie|envoie[sz]?|sende|schicke|borra|elimina|supprime[sz]?|losche|transfiere|haz|fais|mache|escribe|ecris|ecrivez|schreibe|responde|reponds|repondez|antworte|copia|pega|reenvia|transferez|transfere[sz]?|dites|kopiere|leite|encaminhe|inoltra|invia|copie|cole)(?:$|[^a-z])" +
    "|请|してください|しなさい|하세요|해 주세요|отправь|удали|игнорируй|сделай|напиши",
);

/**
 * Everything the result reader looks for, as one expression over the whole
 * text (a sentence's start is any non-word character there, so that it finds
 * a superset): a text with none of it is passed over in one pass.
 */
export const ANY_RESULT_CUE = new RE2([MODEL_ADDRESS, AGENT_TASK, TASK_OVERRIDE, REPLY_STEER, CONCEAL_RESULT].map((cue) => `(?:${cue.source.replaceAll("^ ?", "(?:^|[^a-z0-9])")})`).join("|"));
