"""The words that tell a given name from an ordinary word by where it stands.

Read by :mod:`cfwidget.therapy._names`: words of the session that are never names, the
verbs and states that make a word-name the subject of a sentence ("Grace was tired"), the
determiners a given name never takes, and the nouns that make a name an eponym or a place.
"""

from __future__ import annotations

__all__ = [
    "ARTICLES",
    "CALENDAR",
    "CONSUMING",
    "DEGREES",
    "DETERMINERS",
    "DRUG_ENDINGS",
    "EPONYM_NOUNS",
    "FAMILY_NOUNS",
    "HONORIFICS",
    "KIN_NOUNS",
    "LANGUAGES",
    "LINKS",
    "MEANS_VERBS",
    "MEDICAL_ENDINGS",
    "MODALS",
    "MOVE_WORDS",
    "NOT_NAMES",
    "OBJECT_VERBS",
    "PERSON_STATES",
    "PERSON_VERBS",
    "PLACE_WORDS",
    "PLURAL_VERBS",
    "SOCIAL_WORDS",
    "STATE_WORDS",
    "TITLE_NOUNS",
    "USE_WORDS",
]

CALENDAR = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september"}
    | {"october", "november", "december", "monday", "tuesday", "wednesday", "thursday"}
    | {"friday", "saturday", "sunday"}
)
# Languages, peoples and feasts that name lists also hold as given names (English, Thai,
# Tamil, Christmas): names only before what a person does or is ("Tamil was tired") or after
# a title ("Mrs English"), never in "speaks Thai at home" or "over Christmas".
LANGUAGES = frozenset(
    {"english", "french", "german", "spanish", "italian", "portuguese", "dutch", "russian"}
    | {"polish", "greek", "turkish", "arabic", "hebrew", "persian", "farsi", "dari", "pashto"}
    | {"urdu", "hindi", "punjabi", "bengali", "tamil", "telugu", "gujarati", "thai", "malay"}
    | {"vietnamese", "chinese", "mandarin", "cantonese", "japanese", "korean", "tagalog"}
    | {"filipino", "somali", "amharic", "swahili", "yoruba", "igbo", "hausa", "zulu", "xhosa"}
    | {"shona", "irish", "welsh", "scottish", "gaelic", "quechua", "christmas", "easter"}
    | {"ramadan", "eid", "diwali", "hanukkah", "halloween", "thanksgiving", "passover", "lent"}
)
# Capitalised words of therapy, the game and the session: never taken for a name.
NOT_NAMES = frozenset(
    {"chicken", "foot", "yard", "double", "round", "client", "partner", "bot", "computer"}
    | {"session", "turn", "cue", "level", "independent", "supervision", "stand-by", "contact"}
    | {"min", "mod", "max", "dependent", "ok", "next", "draw", "pass", "pt", "ot", "slp"}
    # Clinical shorthand: upper and lower extremities, left, right or both (LUE, BLE, ...).
    | {"ue", "le", "lue", "rue", "lle", "rle", "bue", "ble", "adl", "adls", "wnl", "prn", "rom"}
    | {"bil", "bilat", "hemi"}  # bilateral, hemiplegic side (written in lower case too)
    # A grandmother, a nanny, a doctor: "Nan brought him in", "Doc says rest".
    | {"nan", "nanny", "gran", "doc"}
    # Teams and services in shorthand: "saw physio", "asked neuro", "worked with ortho".
    | {"physio", "physios", "ortho", "orthos", "neuro", "neuros", "psych", "neuropsych"}
    | {"rehab", "paeds", "peds", "cardio", "gastro", "resp", "onco", "salt", "slt", "mdt"}
    # Words of care that the English word list lacks: "worked with carer", "saw audiology".
    | {"carer", "carers", "keyworker", "keyworkers", "audiology", "podiatry", "orthoptics"}
    | {"physiotherapy", "ipad", "ipads", "iphone", "telehealth", "zoom", "teams"}
)
# How the names of medicines end ("metoprolol tired today" is no person).
DRUG_ENDINGS = (
    *("olol", "pril", "sartan", "statin", "azepam", "azolam", "prazole", "mycin", "cillin"),
    *("cycline", "floxacin", "oxetine", "tidine", "dronate", "parin", "xaban", "gliptin"),
    *("gliflozin", "formin", "terol", "sonide", "triptan", "profen", "azole", "clone"),
)
# How words of medicine end ("recovering from hemianopia", "signs of dyspraxia"): a word no
# list holds with one of these endings is no name.
MEDICAL_ENDINGS = (
    *("itis", "osis", "oses", "ectomy", "otomy", "ostomy", "plasty", "opathy", "algia"),
    *("aemia", "emia", "plegia", "paresis", "phasia", "praxia", "arthria", "phagia", "lexia"),
    *("gnosia", "trophy", "scopy", "graphy", "gram", "oma", "omas", "opia", "phonia", "tonia"),
    *("kinesia", "esthesia", "aesthesia", "ataxia", "cephaly", "emesis", "uria", "pnoea"),
    *("pnea", "cardia", "thermia", "tension", "ology", "ologist"),
)
# Verbs whose subject is a person: a word-name at the start of a sentence followed by one of
# these is a name ("Grace said", "Mark played well"), not a word ("Mark progress").
PERSON_VERBS = frozenset(
    {"said", "says", "told", "tells", "asked", "asks", "laughed", "smiled", "cried", "wanted"}
    | {"wants", "felt", "feels", "arrived", "came", "comes", "reported", "reports", "enjoyed"}
    | {"chose", "played", "plays", "tried", "tries", "managed", "agreed", "refused", "answered"}
    | {"waved", "thanked", "joined", "attended", "struggled", "needs", "needed", "named"}
    | {"went", "goes", "did", "does", "walked", "sat", "sits", "stood", "slept", "sleeps", "ate"}
    | {"drank", "spoke", "talked", "chatted", "sang", "danced", "won", "smiles", "laughs"}
    | {"likes", "liked", "loves", "loved", "hates", "hated", "knew", "knows", "remembered"}
    | {"forgot", "noticed", "recognised", "recognized", "counted", "matched", "scanned"}
    | {"lives", "lived", "works", "worked", "cannot", "can't", "couldn't", "didn't", "doesn't"}
    | {"completed", "finished", "scored", "engaged", "participated", "responded", "followed"}
    | {"identified", "read", "wrote", "drew", "built", "practised", "practiced", "recalled"}
    | {"understood", "repeated", "described", "explained", "requested", "initiated", "coped"}
    | {"tolerated", "prefers", "preferred", "took", "gave", "made", "lost", "kept", "found"}
    | {"speaks", "threw", "caught", "kicked", "climbed", "chewed", "swallowed"}
)
# A word-name before one of these verbs and then a word for how a person is ("Grace was
# tired", "Mark seemed very sleepy") is a name; "Patience was needed", "Hope was expressed",
# "Hope remains high" and "Will is to be reviewed" stay words.
LINKS = frozenset(
    {"was", "is", "seemed", "seems", "looked", "looks", "appeared", "appears", "became"}
    | {"got", "gets", "sounded", "sounds", "stayed", "remained", "remains", "isn't", "wasn't"}
)
DEGREES = frozenset(
    {"very", "quite", "rather", "more", "less", "slightly", "a", "bit", "little", "too", "so"}
    | {"not", "really", "somewhat", "much", "fairly", "extremely", "still", "again", "more"}
)
PERSON_STATES = frozenset(
    {"tired", "sleepy", "drowsy", "happy", "sad", "upset", "tearful", "anxious", "nervous"}
    | {"agitated", "restless", "calm", "settled", "cheerful", "chatty", "talkative", "quiet"}
    | {"withdrawn", "distracted", "alert", "awake", "asleep", "confused", "oriented"}
    | {"disoriented", "pleasant", "polite", "cooperative", "co-operative", "motivated", "keen"}
    | {"eager", "reluctant", "unwilling", "willing", "unable", "late", "unwell", "ill", "sick"}
    | {"poorly", "frustrated", "irritable", "angry", "cross", "pleased", "proud", "excited"}
    | {"bored", "hungry", "thirsty", "dizzy", "nauseous", "sore", "fatigued", "exhausted"}
    | {"weary", "worried", "scared", "afraid", "shy", "friendly", "playful", "attentive"}
    | {"focused", "focussed", "smiling", "laughing", "crying", "playing", "sleeping", "talking"}
    | {"chatting", "sitting", "walking", "eating", "waiting", "resting", "joking", "yawning"}
    | {"fidgeting", "seen", "discharged", "admitted", "absent", "delighted", "grumpy", "teary"}
)
# How far after the verb a state may stand ("was not very tired").
STATE_WORDS = 3
DETERMINERS = frozenset({"the", "a", "an", "this", "our", "their", "each", "every", "no"})
# Before any name, in any case: "a tad tired", "the john" are words, never persons.
ARTICLES = frozenset({"a", "an", "the"})
# A name before one of these is an eponym or a place ("Bell's palsy", "Berg Balance Scale",
# "the Memory Clinic"), not a person; after a possessive only the first group counts
# ("Maria's test scores" is a person's).
EPONYM_NOUNS = frozenset(
    {"disease", "syndrome", "palsy", "aphasia", "sign", "reflex", "phenomenon", "manoeuvre"}
    | {"maneuver", "area", "ataxia", "chorea", "dystrophy", "paralysis", "contracture"}
)
TITLE_NOUNS = EPONYM_NOUNS | frozenset(
    {"test", "scale", "index", "balance", "assessment", "battery", "inventory", "measure"}
    | {"questionnaire", "method", "technique", "score", "pegboard", "naming", "cognitive"}
    | {"coma", "criteria", "protocol", "approach", "hospital", "clinic", "centre", "center"}
    | {"club", "unit", "ward", "university", "college", "school", "street", "road", "avenue"}
    | {"wing", "line", "house", "lodge", "court", "park", "station", "surgery", "practice"}
    | {"trust", "foundation", "society", "institute", "examination", "exam", "task", "figure"}
    | {"tests", "scales", "outpatients", "department", "service", "services", "team", "centres"}
    | {"group", "therapist", "staff", "nurse", "nurses", "doctor", "consultant", "therapy"}
    | {"programme", "program", "class", "referral", "notes", "system", "app", "software"}
    | {"academy", "nursery", "primary", "hospice", "lane", "drive", "crescent", "gardens"}
    | {"square", "hall", "library", "museum", "church", "mosque", "temple", "cathedral"}
    | {"health", "healthcare", "insurance", "pharmacy", "bank", "council", "charity", "zoo"}
    | {"aquarium", "airport", "cafe", "restaurant", "bakery", "supermarket", "cinema"}
    | {"theatre", "theater", "stadium", "hotel", "pub"}
)
# A word before a plural noun that one of these follows is no person but what the noun is
# ("Uno cards were used", "Duplo blocks are easier"): a person's name before a plural
# noun would take a possessive ("Maria's cards were"), and a verb after a person's name
# would not agree with "were"/"are" ("Maria needs help").
PLURAL_VERBS = frozenset({"were", "are", "have", "had", "do", "did", "need", "needed"})
# Before a name, a place: "at Walter Reed", "on Ivy Ward", "St Thomas'", "Mt Sinai",
# "in Tenerife", "near Chiang Mai" (a person is seldom "in" or "near" anyone in a note).
PLACE_WORDS = frozenset({"at", "in", "on", "into", "near", "st", "saint", "mt", "mount"})
PLACE_WORDS |= frozenset({"fort", "port"})

# What makes a word that no list holds a person's name, by the grammar around it (any case):
# the object of these verbs ("saw gurpreet", "told Somchai"), ...
OBJECT_VERBS = frozenset(
    {"saw", "see", "seen", "sees", "met", "meet", "meets", "visited", "visit", "told", "tell"}
    | {"asked", "ask", "helped", "help", "thanked", "greeted", "reminded", "praised"}
    | {"encouraged", "cued", "prompted", "phoned", "called", "rang", "collected", "assessed"}
    | {"reassured", "supported", "joined", "accompanied", "discharged", "admitted"}
    | {"noticed", "observed", "watched"}
    | {"treated", "referred", "observed", "coached", "taught", "showed", "let"}
    | {"describe", "describes", "described", "film", "filmed", "filming", "transferred"}
)
# ... "with" after one of these in the same clause ("worked with x", "session with x"), ...
SOCIAL_WORDS = frozenset(
    {"worked", "work", "works", "working", "played", "play", "plays", "playing", "spoke"}
    | {"talked", "chatted", "met", "sat", "walked", "came", "went", "laughed", "joked", "lives"}
    | {"lived", "living", "stays", "staying", "session", "sessions", "time", "round", "rounds"}
    | {"game", "games", "visit", "meeting", "call", "chat", "together", "practised", "practiced"}
    | {"seen", "saw", "home", "arrived", "attended", "shared", "competed", "argued", "agreed"}
)
# ... a possessive before one of these ("x's mum"; not "x's speech" or "x's hand", which
# follow diseases too: "Parkinson's speech"), ...
KIN_NOUNS = frozenset(
    {"mum", "mom", "mother", "dad", "father", "wife", "husband", "son", "daughter", "sister"}
    | {"brother", "partner", "carer", "caregiver", "family", "friend", "friends", "grandson"}
    | {"granddaughter", "niece", "nephew", "aunt", "uncle", "parents", "children", "kids"}
    | {"teacher", "grandmother", "grandfather", "girlfriend", "boyfriend", "baby", "birthday"}
)
# After a name with an article, the people it names: "the Ali Khan family", "the Moyo twins".
FAMILY_NOUNS = frozenset(
    {"family", "families", "household", "twins", "children", "kids", "parents", "siblings"}
    | {"sisters", "brothers", "boys", "girls", "grandparents", "cousins"}
)
# A label whose value is a person ("Client: x", "Service user: x", "Seen by: x") ...
PERSON_LABELS = frozenset(
    {"client", "patient", "pt", "name", "names", "forename", "surname", "user", "su", "worker"}
    | {"parent", "parents", "mother", "mum", "father", "dad", "carer", "caregiver", "guardian"}
    | {"child", "student", "pupil", "sibling", "sister", "brother", "son", "daughter", "wife"}
    | {"husband", "partner", "grandma", "grandad", "nan", "kin", "nok", "teacher", "ta", "nurse"}
    | {"therapist", "clinician", "attendee", "attendees", "present", "participant", "attn"}
    | {"participants", "referrer", "contact", "fao", "by", "with"}
)
# ... or may be a topic ("Re: Summer holidays", "For: visual timetable").
TOPIC_LABELS = frozenset({"re", "for", "about", "from", "subject"})
# ... and a title before it ("Mrs x").
HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "sr", "sra", "srta"})

# After "from", a capitalised word is a place when the clause says a move ("travelled from
# Lima", "transferred from Guy's") or "to" and a capital follow ("from Cardiff to Swansea");
# "heard from Maria" and "a card from Maria" stay names. Words that also send or give a
# thing to a person, or go to one, are left out: "Letter sent to Maria", "gave it back to
# Maria", "Home visit to Maria".
MOVE_WORDS = frozenset(
    {"moved", "move", "moving", "travelled", "traveled", "travelling", "traveling", "flew"}
    | {"flown", "flying", "drove", "driven", "driving", "came", "come", "coming", "arrived"}
    | {"transferred", "transfer", "relocated", "emigrated", "commutes", "commuted"}
    | {"discharged", "repatriated", "admitted"}
    | {"visiting", "holiday", "holidays", "holidaying"}
    | {"relocating", "relocate", "relocates", "moves", "travels", "travel", "emigrating"}
)
# Right before a capitalised word that no list holds, a word saying the word is taken, eaten,
# played or used: a medicine, a food or a game, no person ("Takes Aricept", "Played Jenga",
# "Drinks Fortisip", "on Keppra").
# Of them, the words that use, eat or drink what follows: never a person after them ("using
# Alexa", "drinks Ribena"), while a person may follow "take", "have" or "on".
CONSUMING = frozenset(
    {"use", "uses", "used", "using", "drink", "drinks", "drank", "eat", "eats", "ate"}
)
USE_WORDS = CONSUMING | frozenset(
    {"take", "takes", "took", "taking", "taken", "drinking", "eating", "have", "has", "had"}
    | {"having", "play", "plays", "played", "playing", "try", "tries", "tried", "trying"}
    | {"prescribed", "started", "stopped", "on", "off", "via", "increased", "reduced"}
)
# ... or, with "with" between, what something is done with ("Thickened fluids with Nutilis",
# "treated with Botox").
MEANS_VERBS = frozenset(
    {"thickened", "thicken", "thickening", "treated", "treat", "treating", "supplemented"}
    | {"mixed", "flavoured", "flavored", "sweetened", "fortified", "controlled", "replaced"}
    | {"injected", "fitted", "splinted", "fed", "taped", "strapped", "managed", "cleaned"}
)
# A word that no list holds before one of these and a verb is a person ("so x could attend");
# "may" and "will" are left out ("memantine may follow").
# After a clause's subject and before its verb: "Yerlan now walks", "Chipo still needs".
ADVERBS = frozenset(
    {"now", "still", "also", "then", "already", "often", "usually", "sometimes", "always"}
    | {"never", "just", "really", "again", "gradually", "finally", "mostly", "rarely", "only"}
)
# What only a clause's verb is, after its subject: "Behrouz was reviewed", "Aoi has had".
AUXILIARIES = frozenset({"is", "was", "has", "had", "have", "does", "did", "isn't", "wasn't"})
# Past tenses without "ed" that a person's notes use after a name: "Ebru rang about".
IRREGULAR_PASTS = frozenset(
    {"rang", "went", "came", "took", "made", "gave", "got", "felt", "left", "began", "brought"}
    | {"wrote", "drew", "ate", "drank", "slept", "spoke", "sat", "stood", "ran", "fell", "kept"}
    | {"found", "lost", "met", "said", "told", "knew", "thought", "held", "wore", "swam", "sang"}
    | {"threw", "caught", "built", "chose", "forgot", "heard", "read", "saw", "understood"}
)
# What is done to a thing, not a person, after its name: "Ribena was used", "Calpol was
# given", "Bupa has authorised", "Coca-Cola thickened to level 3".
THING_VERBS = frozenset(
    {"given", "thickened", "tolerated", "offered", "trialled", "trialed", "authorised"}
    | {"authorized", "approved", "funded", "covered", "covers", "ordered", "dispensed"}
    | {"applied", "poured", "served", "mixed", "warmed", "chosen", "prescribed", "used"}
    | {"started", "stopped", "increased", "reduced", "taken", "withheld", "continued"}
    | {"soaked", "dissolved", "mashed", "blended", "cooked", "heated", "cooled", "crushed"}
    | {"diluted", "melted", "frozen", "chilled", "pureed", "spread", "sprinkled", "dispersed"}
)
# "will" and its kind before a verb: "Dilrukshi will cut down", not "Keppra will be stopped".
FUTURES = frozenset({"will", "won't", "shall"})
# Who is given, shown or offered something: "to offer inday a drink".
GIVE_VERBS = frozenset(
    {"give", "gives", "gave", "offer", "offers", "offered", "show", "shows", "showed"}
    | {"hand", "handed", "pass", "passed", "teach", "taught", "bring", "brought", "send"}
)
MODALS = frozenset({"could", "would", "can", "should", "might", "must", "couldn't", "wouldn't"})
# Things that take a name as the kind they are: foods, cups and plates, toys, books and
# shows ("Jasmine rice", "Marie biscuits", "a Sindy doll", "Olaf beaker", "Topsy and Tim
# books"). A person before one of these would be "Maria's doll"; words that are verbs too
# ("drinks", "show", "set") are not here ("Maria drinks water").
THING_NOUNS = frozenset(
    {"rice", "potato", "potatoes", "biscuit", "biscuits", "cake", "cakes", "salad", "soup"}
    | {"yoghurt", "yoghurts", "yogurt", "yogurts", "pudding", "sauce", "bread", "cheese"}
    | {"sandwich", "sandwiches", "pie", "pies", "tart", "sponge", "crumble", "custard"}
    | {"jelly", "tea", "coffee", "juice", "smoothie", "porridge", "cereal", "pasta", "pizza"}
    | {"noodles", "chips", "crisps", "fries", "roast", "stew", "curry", "cookies", "muffin"}
    | {"muffins", "bun", "buns", "omelette", "chocolate", "chocolates", "sweets", "lolly"}
    | {"lollies", "wafers", "crackers", "puree", "mousse", "trifle", "scone", "scones"}
    | {"sausages", "burger", "burgers", "nuggets", "beans", "cup", "cups", "beaker", "plate"}
    | {"plates", "bowl", "spoon", "straw", "bottle", "mug", "placemat", "bib", "doll", "dolls"}
    | {"figure", "figures", "figurine", "toy", "toys", "teddy", "book", "books", "jigsaw"}
    | {"jigsaws", "puzzle", "puzzles", "app", "video", "videos", "clip", "clips", "song"}
    | {"songs", "blocks", "bricks", "cards", "pieces", "stickers", "sticker", "magazine"}
    | {"comic", "comics", "cartoon", "cartoons", "episode", "episodes", "film", "dvd"}
)
