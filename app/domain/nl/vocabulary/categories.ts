/** Event-production topics for inferring a category from the words of a task (see category.ts). */

export interface Topic {
  /** Category names this topic files under, most specific first; the first one the workspace has wins. */
  names: string[];
  strong: string[];
  weak?: string[];
  /** Count 3: the action names the topic outright. */
  verbs?: string[];
}

// Keywords are lower case and match in any case, plurals included; ALL-CAPS ones match only as written
// ("PA", "PR", "LED"), because their lower-case forms are ordinary words.
export const TOPICS: Topic[] = [
  {
    names: ["transport", "transportation", "travel", "logistics", "operations", "ops"],
    strong: [
      "shuttle", "bus", "coach", "transport", "transportation", "driver", "car service", "limo", "van",
      "minibus", "truck", "lorry", "taxi", "uber", "airport", "parking", "car park", "valet", "fleet",
    ],
    // Moving someone is the work itself, whoever is moved ("pick up the keynote speaker").
    verbs: ["transfer", "pickup", "pick up", "drop off"],
  },
  {
    names: ["travel", "accommodation", "hotels", "logistics", "operations", "ops"],
    strong: [
      "hotel", "room block", "rooming list", "accommodation", "lodging", "flight", "airfare", "visa",
      "travel", "itinerary", "train tickets", "airbnb",
    ],
  },
  {
    names: ["logistics", "operations", "ops", "shipping", "venue"],
    strong: [
      "logistics", "freight", "shipping", "shipment", "courier", "delivery", "deliveries", "load in",
      "loadin", "load out", "get in", "get out", "forklift", "pallet", "warehouse", "storage", "crate",
      "customs", "ship", "inventory", "rental", "furniture", "chair", "table", "seating", "linen", "supplies", "equipment list",
      "packing list", "dispatch", "ops",
    ],
  },
  {
    names: ["catering", "food & beverage", "food and beverage", "f&b", "food", "hospitality", "logistics", "operations"],
    strong: [
      "catering", "caterer", "food", "f b", "menu", "meal", "lunch", "dinner", "breakfast", "coffee", "snack",
      "dietary", "vegan", "vegetarian", "gluten", "allergy", "allergies", "canape", "canapés", "drink",
      "beverage", "bar", "bartender", "refreshment", "water station", "buffet", "brunch", "cake", "wine",
      "beer", "cocktail", "food truck", "ice",
    ],
  },
  {
    names: ["staffing", "staff", "volunteers", "crew", "people", "hr", "logistics", "operations"],
    strong: ["volunteer", "staffing", "rota", "roster", "steward", "usher", "runner", "crew schedule"],
    weak: ["staff", "shift"],
  },
  {
    names: ["registration", "ticketing", "attendees", "guest experience", "logistics", "operations"],
    strong: [
      "registration", "badge", "lanyard", "accreditation", "credential", "wristband", "guest list",
      "rsvp", "attendee list", "name tag", "seating plan", "seating chart", "sign in sheet",
    ],
    // "check in with the caterer" is a catch-up, so check-in only tips the balance.
    weak: ["attendee", "delegate", "check in"],
  },
  {
    names: ["ticketing", "tickets", "sales", "marketing"],
    strong: ["ticket", "ticketing", "early bird", "presale", "box office", "discount code", "promo code"],
  },
  {
    names: ["venue", "venues", "site", "logistics", "operations"],
    strong: ["venue", "site visit", "floor plan", "floorplan", "walkthrough", "walk through", "recce", "site survey", "layout"],
  },
  {
    names: ["security", "safety", "health & safety", "health and safety", "infrastructure", "operations", "logistics"],
    strong: [
      "security", "guard", "bag check", "first aid", "medic", "medical", "paramedic", "fire marshal",
      "evacuation", "risk assessment", "crowd management", "crowd control", "cctv", "metal detector",
      "emergency plan", "safety", "hi vis", "ppe", "fire extinguisher", "lost child", "exit sign", "fire exit", "emergency exit",
      "emergency lighting",
    ],
  },
  {
    names: ["legal", "permits", "compliance", "contracts", "admin", "logistics", "operations"],
    strong: [
      "permit", "licence", "license", "insurance", "COI", "contract", "nda", "waiver", "liability",
      "compliance", "road closure", "legal",
    ],
  },
  {
    names: ["finance", "budget", "accounting", "admin"],
    strong: [
      "budget", "invoice", "payment", "deposit", "PO", "purchase order", "expense", "reimbursement", "cost",
      "pricing", "refund", "finance", "accounts", "payroll",
    ],
  },
  {
    names: ["infrastructure", "site", "site ops", "facilities", "power", "operations", "ops", "logistics", "venue"],
    strong: [
      "infrastructure", "power", "generator", "genny", "electrical", "electrician", "electricity", "distro",
      "cabling", "wifi", "wi fi", "internet", "network", "bandwidth", "fencing", "fence", "toilet", "portaloo",
      "restroom", "porta potty", "porta potties", "portable toilet", "barrier", "barricade", "heras",
      "water supply", "plumbing", "tent", "marquee", "structure", "flooring", "ground protection", "trackway",
      "waste", "bin", "recycling", "cleaning", "cleaner", "litter", "lighting tower", "hvac", "air con", "air conditioning", "heating",
      "heater", "scaffolding", "scaffold", "radios", "two way radio", "walkie", "walkie talkie", "cell coverage", "showers",
      "drainage", "site plan", "site map", "cable", "hardwire", "socket", "power outlet", "extension lead", "kva",
    ],
  },
  {
    names: ["production", "av", "a/v", "audio visual", "audiovisual", "tech", "technical", "tech setup", "stage", "staging", "show"],
    strong: [
      "production", "stage", "staging", "av", "a v", "audio", "sound", "PA", "lighting", "lights", "LED",
      "video wall", "screen", "projector", "projection", "rigging", "rig", "truss", "run of show", "ROS",
      "cue sheet", "cue", "show call", "show flow", "backline", "mic", "microphone", "soundcheck",
      "sound check", "rehearsal", "stage manager", "foh", "front of house", "green room", "dressing room",
      "set build", "scenic", "prop", "pyro", "sfx", "special effects", "haze", "drape", "backdrop", "camera",
      "livestream", "live stream", "streaming", "tech rider", "crew call", "intercom", "clearcom", "playback",
      "stage monitor", "wedge", "iem", "in ear", "photo pit",
      "lectern", "podium", "confidence monitor", "teleprompter", "autocue", "stage plot", "input list",
      "signage", "wayfinding", "run sheet", "production schedule", "tech spec", "mixing desk", "console",
    ],
  },
  {
    names: ["decor", "décor", "styling", "design", "production"],
    strong: ["florist", "flowers", "floral", "centrepiece", "centerpiece", "decor", "décor", "styling", "balloon", "drapery"],
  },
  {
    names: ["talent", "artists", "artist relations", "entertainment", "performers", "lineup", "programming", "program", "programme", "content", "production"],
    // Who performs is usually the subject, not the work ("post the lineup on Instagram").
    strong: ["set times", "hospitality rider", "artist rider"],
    weak: [
      "artist", "performer", "headliner", "band", "dj", "musician", "lineup", "line up", "talent",
      "entertainer", "comedian", "support act",
    ],
  },
  {
    names: ["content", "program", "programme", "programming", "agenda", "speakers", "sessions", "creative", "editorial"],
    strong: [
      "content", "slide", "deck", "presentation", "agenda", "programme", "program", "script", "video", "copywriting", "blog", "article", "session", "workshop", "keynote", "panel", "panelist", "panellist",
      "moderator", "abstract", "bio", "headshot", "emcee", "MC", "host script", "recording", "photo",
      "photography", "photographer", "videographer", "caption", "subtitle", "translation", "interpreter",
      "speaker notes", "talking points", "podcast", "highlight reel", "recap", "case study",
    ],
    weak: ["speaker", "presenter", "talk", "host"],
  },
  {
    names: ["marketing", "promotion", "promo", "comms", "communications", "communication", "pr", "social", "social media", "brand", "branding"],
    strong: [
      "marketing", "social", "socials", "social media", "instagram", "insta", "IG", "tiktok", "facebook",
      "linkedin", "twitter", "press", "press release", "PR", "media", "media list", "journalist", "newsletter",
      "email blast", "eblast", "mailchimp", "ads", "advert", "advertising", "campaign", "poster", "flyer",
      "leaflet", "promo", "promotion", "promotional", "influencer", "hashtag", "teaser", "announcement",
      "launch", "landing page", "website", "seo", "banner", "brochure", "giveaway", "billboard", "mailer",
      "media kit", "press kit", "trailer",
    ],
  },
  {
    names: ["sponsorship", "sponsors", "partnerships", "partners", "partnership", "sales", "marketing"],
    strong: ["sponsor", "sponsorship", "activation", "sponsor deck", "exhibitor"],
    weak: ["partner"],
  },
  {
    names: ["design", "creative", "branding", "brand", "marketing"],
    strong: ["design", "artwork", "logo", "branding", "mockup", "graphic", "graphics", "brand"],
  },
  {
    names: ["merchandise", "merch", "retail", "marketing"],
    strong: ["merch", "merchandise", "t shirt", "tee", "swag", "tote bag", "giveaways"],
  },
  {
    names: ["vendors", "vendor", "suppliers", "procurement", "purchasing"],
    strong: ["vendor", "supplier", "rfp", "quote", "quotation", "procurement", "purchase"],
  },
  {
    names: ["communication", "communications", "comms", "internal comms"],
    strong: ["email", "memo", "briefing", "update", "slack", "comms", "announce"],
  },
  {
    names: ["planning", "plan", "strategy", "project", "project management"],
    strong: ["timeline", "plan", "schedule", "kickoff", "kick off", "checklist", "roadmap", "milestone", "debrief"],
  },
];
