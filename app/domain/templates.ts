import type { Priority } from "./tasks";

/**
 * Project templates: ready-made task lists a workspace can copy from `/template/{id}`. The six "starter"
 * templates are the spec's table (ids, names, days and task counts are the contract, even where an id does
 * not match its name); the "event" templates are ours, for the production work Cueboard is built for.
 */

export type TemplateKind = "starter" | "event";

export interface TemplateTask {
  title: string;
  description: string;
  priority: Priority;
  category: string;
  estimatedHours: number;
  /**
   * Tasks tied to the show itself: due this many days after the event day (0 is the show day). Tasks without
   * it are preparation and are spread before the event (see template-schedule.ts).
   */
  daysAfterEvent?: number;
}

export interface ProjectTemplate {
  id: string;
  name: string;
  emoji: string;
  description: string;
  /** A hex colour rather than a Tailwind class: class names built at runtime are not in the generated CSS. */
  color: string;
  estimatedDays: number;
  kind: TemplateKind;
  tasks: readonly TemplateTask[];
}

export interface TemplateStats {
  totalTasks: number;
  estimatedDays: number;
  totalHours: number;
}

const fitness: ProjectTemplate = {
  id: "fitness",
  name: "30-day fitness challenge",
  emoji: "💪",
  description: "Build a training habit in four weeks: a clear goal, a realistic schedule, food and sleep that support it, and a retest on day 30.",
  color: "#16a34a",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Set your 30-day goal and baseline",
      description: "Write down one measurable goal (run 5 km without stopping, 20 push-ups in a row) and record today's numbers: weight, resting heart rate, a timed 1 km and max push-ups.",
      priority: "high",
      category: "planning",
      estimatedHours: 1,
    },
    {
      title: "Plan the weekly training schedule",
      description: "Block four or five sessions a week in your calendar, alternating strength and cardio, with at least one full rest day. Treat them like meetings.",
      priority: "high",
      category: "planning",
      estimatedHours: 1,
    },
    {
      title: "Set up your workout space and kit",
      description: "Pick the gym or clear a corner at home; check shoes, mat, resistance bands or dumbbells. Lay out kit the night before each session.",
      priority: "medium",
      category: "setup",
      estimatedHours: 1,
    },
    {
      title: "Choose one place to log workouts",
      description: "An app or a printed sheet: sessions, steps and sleep in one place so progress is visible at a glance.",
      priority: "low",
      category: "setup",
      estimatedHours: 0.5,
    },
    {
      title: "Week 1 workouts: learn the movements",
      description: "Four 40-minute sessions focused on form: squats, push-ups, rows, lunges and planks, plus a 20-minute brisk walk or easy jog.",
      priority: "high",
      category: "workout",
      estimatedHours: 3,
    },
    {
      title: "Week 2 workouts: build volume",
      description: "Add a set to each exercise and five minutes to each cardio session. Stop two reps short of failure.",
      priority: "high",
      category: "workout",
      estimatedHours: 3.5,
    },
    {
      title: "Weeks 3 and 4 workouts: raise the intensity",
      description: "Add load or intervals (for example 6 × 1 minute fast, 2 minutes easy). Keep one lighter week-4 session before the retest.",
      priority: "high",
      category: "workout",
      estimatedHours: 8,
    },
    {
      title: "Plan a week of meals and shop for it",
      description: "Choose three breakfasts, lunches and dinners you can repeat, write the shopping list and batch-cook on Sunday.",
      priority: "medium",
      category: "nutrition",
      estimatedHours: 2,
    },
    {
      title: "Hit a daily protein and water target",
      description: "Roughly 1.6 g of protein per kg of body weight and 2–3 litres of water; tick it off each evening.",
      priority: "medium",
      category: "nutrition",
      estimatedHours: 1,
    },
    {
      title: "Schedule rest days and mobility work",
      description: "Ten minutes of stretching or foam rolling after every session and one full rest day a week. Sore is fine; sharp pain means rest.",
      priority: "medium",
      category: "recovery",
      estimatedHours: 1.5,
    },
    {
      title: "Protect seven to eight hours of sleep",
      description: "Set a bedtime alarm and keep screens out of the last half hour. Recovery happens overnight.",
      priority: "medium",
      category: "recovery",
      estimatedHours: 0.5,
    },
    {
      title: "Find an accountability partner",
      description: "Tell a friend your goal and send them a check-in every Sunday. A promise to someone else carries you through the low days.",
      priority: "low",
      category: "mindset",
      estimatedHours: 0.5,
    },
    {
      title: "Weekly check-ins and the day-30 retest",
      description: "Every seven days log weight, waist and one photo. On day 30 repeat the baseline tests and compare.",
      priority: "high",
      category: "tracking",
      estimatedHours: 1.5,
    },
  ],
};

const business: ProjectTemplate = {
  id: "business",
  name: "Side hustle launch",
  emoji: "💼",
  description: "Go from idea to first paying customers in 90 days: validate demand, set up the legal and money basics, build a first version and sell it.",
  color: "#2563eb",
  estimatedDays: 90,
  kind: "starter",
  tasks: [
    {
      title: "Validate the idea with 10 customer conversations",
      description: "Talk to ten people who have the problem. Ask how they solve it today and what it costs them; do not pitch. Write down the exact words they use.",
      priority: "critical",
      category: "research",
      estimatedHours: 6,
    },
    {
      title: "Research competitors and their prices",
      description: "List five alternatives, including doing nothing. Note price, promise and what reviewers complain about.",
      priority: "high",
      category: "research",
      estimatedHours: 4,
    },
    {
      title: "Define the offer and the price",
      description: "One sentence on who it is for and what they get, one price with a reason behind it, and what is deliberately left out.",
      priority: "high",
      category: "strategy",
      estimatedHours: 3,
    },
    {
      title: "Set a startup budget and a 90-day revenue goal",
      description: "How much you will spend before it pays for itself, and the revenue that would make the next quarter worth it.",
      priority: "high",
      category: "finance",
      estimatedHours: 2,
    },
    {
      title: "Register the business and check what you need to trade",
      description: "Choose a legal form, register it and check local licences, tax registration and whether your employment contract allows side work.",
      priority: "high",
      category: "legal",
      estimatedHours: 3,
    },
    {
      title: "Open a separate business bank account",
      description: "Keep business money apart from day one; it makes bookkeeping and tax returns far simpler.",
      priority: "medium",
      category: "finance",
      estimatedHours: 1.5,
    },
    {
      title: "Choose a name, logo and brand basics",
      description: "Check the name is free as a domain and on social handles; pick two colours and one typeface and stop there.",
      priority: "medium",
      category: "branding",
      estimatedHours: 5,
    },
    {
      title: "Build the smallest version people will pay for",
      description: "The product, service package or prototype that delivers the core promise and nothing else. Ship it to one early customer for feedback.",
      priority: "critical",
      category: "development",
      estimatedHours: 25,
    },
    {
      title: "Set up the website, payments and booking",
      description: "A one-page site with the offer, price and a way to pay or book. Test a real purchase end to end.",
      priority: "high",
      category: "tech setup",
      estimatedHours: 8,
    },
    {
      title: "Plan the launch marketing calendar",
      description: "Four weeks of posts, emails and outreach around one launch date, using the words from your customer conversations.",
      priority: "high",
      category: "marketing",
      estimatedHours: 4,
    },
    {
      title: "Land your first three paying customers",
      description: "Direct outreach to the people you interviewed and their referrals. Ask each paying customer for a testimonial.",
      priority: "critical",
      category: "sales",
      estimatedHours: 10,
    },
    {
      title: "Review the 90 days and set next quarter's goals",
      description: "Compare revenue, costs and hours against the plan; decide to double down, change course or stop.",
      priority: "medium",
      category: "strategy",
      estimatedHours: 2,
    },
  ],
};

const learning: ProjectTemplate = {
  id: "learning",
  name: "Marketing campaign planner",
  emoji: "📣",
  description: "Plan, launch and measure a 30-day campaign: one goal, one audience, the right channels and a clear report at the end.",
  color: "#db2777",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Define the campaign goal, KPIs and budget",
      description: "One primary goal (sign-ups, tickets sold, leads), the number that means success and the spend ceiling.",
      priority: "critical",
      category: "strategy",
      estimatedHours: 2,
    },
    {
      title: "Profile the target audience",
      description: "Who they are, where they spend time online and what would make them act now. Use past customer data where you have it.",
      priority: "high",
      category: "research",
      estimatedHours: 3,
    },
    {
      title: "Write the core message and offer",
      description: "A headline, three supporting points and one call to action, tested on two people from the audience.",
      priority: "high",
      category: "strategy",
      estimatedHours: 2,
    },
    {
      title: "Choose channels and build the content calendar",
      description: "Pick two or three channels you can do well and schedule every post, email and ad by date.",
      priority: "high",
      category: "marketing",
      estimatedHours: 3,
    },
    {
      title: "Produce the creative assets",
      description: "Images, short videos, ad copy and email templates in every size the channels need, checked against the brand guide.",
      priority: "high",
      category: "creative",
      estimatedHours: 10,
    },
    {
      title: "Set up tracking links and the landing page",
      description: "UTM-tagged links per channel, the analytics goal or pixel, and a landing page whose form you have tested.",
      priority: "high",
      category: "tech setup",
      estimatedHours: 4,
    },
    {
      title: "Launch the campaign",
      description: "Publish or schedule everything on launch day, check each link live and watch the first hours' numbers.",
      priority: "critical",
      category: "execution",
      estimatedHours: 2,
    },
    {
      title: "Engage the community and partners",
      description: "Reply to comments within a day, brief partners with ready-to-share posts and thank people who amplify.",
      priority: "medium",
      category: "community",
      estimatedHours: 3,
    },
    {
      title: "Optimise mid-campaign",
      description: "At the halfway point compare channels against the KPI, A/B test the weakest headline and move budget to what works.",
      priority: "medium",
      category: "optimization",
      estimatedHours: 3,
    },
    {
      title: "Report results and lessons learned",
      description: "Results against each KPI, cost per result, what to repeat and what to drop next time.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2.5,
    },
  ],
};

const home: ProjectTemplate = {
  id: "home",
  name: "Learn a new skill",
  emoji: "🎯",
  description: "A focused 15-day sprint to get competent at one skill: the fundamentals, daily practice, a small project and honest feedback.",
  color: "#7c3aed",
  estimatedDays: 15,
  kind: "starter",
  tasks: [
    {
      title: "Pick the skill and define good enough",
      description: "Name the skill and what you want to be able to do on day 15, for example \"edit a two-minute video with titles and music\".",
      priority: "high",
      category: "planning",
      estimatedHours: 1,
    },
    {
      title: "Block a daily practice slot",
      description: "Thirty to sixty minutes at the same time each day, in the calendar, with notifications off.",
      priority: "high",
      category: "planning",
      estimatedHours: 0.5,
    },
    {
      title: "Gather two or three learning resources",
      description: "One structured course or book plus one reference you can search. More resources means less practice.",
      priority: "medium",
      category: "learning",
      estimatedHours: 1.5,
    },
    {
      title: "Learn the fundamentals (days 1–3)",
      description: "Work through the core concepts and vocabulary, taking notes in your own words.",
      priority: "high",
      category: "learning",
      estimatedHours: 4.5,
    },
    {
      title: "Daily deliberate practice (days 4–10)",
      description: "Short exercises just beyond your comfort zone; repeat what you got wrong yesterday before moving on.",
      priority: "high",
      category: "practice",
      estimatedHours: 7,
    },
    {
      title: "Drill the hardest part on its own",
      description: "Isolate the sub-skill that trips you up most and practise only that for three sessions.",
      priority: "medium",
      category: "practice",
      estimatedHours: 2,
    },
    {
      title: "Join a community or find a mentor",
      description: "A forum, local group or one experienced person you can ask questions and show work to.",
      priority: "medium",
      category: "networking",
      estimatedHours: 1,
    },
    {
      title: "Start a small capstone project",
      description: "A real piece of work that uses the skill end to end and can be finished in a few sessions.",
      priority: "high",
      category: "project",
      estimatedHours: 5,
    },
    {
      title: "Get feedback on the project",
      description: "Show it to someone more experienced and ask for the three changes that would help most.",
      priority: "medium",
      category: "feedback",
      estimatedHours: 1.5,
    },
    {
      title: "Revise the project using the feedback",
      description: "Apply the changes, then compare before and after to see what you have learned.",
      priority: "medium",
      category: "project",
      estimatedHours: 2,
    },
    {
      title: "Keep a short daily progress log",
      description: "Two lines a day: what you practised and what to try tomorrow. It shows progress on days it feels slow.",
      priority: "low",
      category: "tracking",
      estimatedHours: 1,
    },
    {
      title: "Share what you made and learned",
      description: "Post the finished project with a short note on the process; teaching it back fixes it in memory.",
      priority: "low",
      category: "sharing",
      estimatedHours: 1,
    },
  ],
};

const creative: ProjectTemplate = {
  id: "creative",
  name: "AI-driven creative project",
  emoji: "🎨",
  description: "Make a finished creative piece with AI tools in 30 days, from brief and references to drafts, human editing and an honest release.",
  color: "#ea580c",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Write the project brief",
      description: "Format, length, audience and the feeling it should leave; one page you can check every decision against.",
      priority: "high",
      category: "preparation",
      estimatedHours: 1.5,
    },
    {
      title: "Choose AI tools and check their licence terms",
      description: "Pick one tool per step (text, image, audio) and read who owns the output and whether commercial use is allowed.",
      priority: "high",
      category: "tech setup",
      estimatedHours: 2,
    },
    {
      title: "Build a mood board and reference set",
      description: "Twenty to thirty references for style, colour and composition, credited so nothing is copied by accident.",
      priority: "medium",
      category: "ideation",
      estimatedHours: 2,
    },
    {
      title: "Brainstorm 20 concepts and shortlist three",
      description: "Quantity first, then pick the three that fit the brief best and sketch each in a paragraph.",
      priority: "medium",
      category: "ideation",
      estimatedHours: 2,
    },
    {
      title: "Learn prompting techniques for your medium",
      description: "Practise style references, seeds, negative prompts and iteration on small tests before the real work.",
      priority: "medium",
      category: "skill-building",
      estimatedHours: 3,
    },
    {
      title: "Generate first drafts",
      description: "Produce variations for each part of the piece and keep a log of the prompts and settings that worked.",
      priority: "high",
      category: "creation",
      estimatedHours: 6,
    },
    {
      title: "Add the human layer: edit, compose and combine",
      description: "Select, retouch, rewrite and assemble the drafts into one coherent piece; this is where it becomes yours.",
      priority: "high",
      category: "creation",
      estimatedHours: 8,
    },
    {
      title: "Refine for consistency and quality",
      description: "Check characters, colours and tone stay consistent; fix artefacts such as hands, text and edges.",
      priority: "medium",
      category: "refinement",
      estimatedHours: 4,
    },
    {
      title: "Get feedback from three people",
      description: "Ask what they noticed first and where they lost interest, not whether they like it.",
      priority: "medium",
      category: "feedback",
      estimatedHours: 1.5,
    },
    {
      title: "Final polish and export",
      description: "Apply the feedback, then export in the formats and sizes each platform needs.",
      priority: "medium",
      category: "refinement",
      estimatedHours: 2,
    },
    {
      title: "Publish with an AI-use note and credits",
      description: "Say which tools you used and for what, credit collaborators and references, and share the process.",
      priority: "low",
      category: "sharing",
      estimatedHours: 1.5,
    },
  ],
};

const app: ProjectTemplate = {
  id: "app",
  name: "Micro event or mini retreat",
  emoji: "🏕️",
  description: "Host a small gathering of 10 to 50 people: venue, programme, food and guest communication, then feedback once everyone is home.",
  color: "#0d9488",
  estimatedDays: 60,
  kind: "starter",
  tasks: [
    {
      title: "Set the purpose, guest count and budget",
      description: "Why people should come, how many you can host well and the budget per head, including a 10% contingency.",
      priority: "critical",
      category: "planning",
      estimatedHours: 2,
    },
    {
      title: "Shortlist and book the venue",
      description: "Visit two or three places; check capacity, rooms for breakouts, accessibility, quiet hours and the cancellation terms.",
      priority: "critical",
      category: "logistics",
      estimatedHours: 5,
    },
    {
      title: "Secure partners or sponsors",
      description: "Approach two or three aligned brands or communities for funding, products or promotion in exchange for visibility.",
      priority: "medium",
      category: "partnerships",
      estimatedHours: 4,
    },
    {
      title: "Design the programme and schedule",
      description: "Sessions, breaks and free time hour by hour; leave more space than feels necessary.",
      priority: "high",
      category: "program",
      estimatedHours: 4,
    },
    {
      title: "Book facilitators and speakers",
      description: "Confirm each session lead in writing with fee, travel, timing and what equipment they need.",
      priority: "high",
      category: "program",
      estimatedHours: 3,
    },
    {
      title: "Book catering and collect dietary needs",
      description: "Menus for every meal and break, with vegetarian, vegan and allergy options confirmed with the caterer.",
      priority: "high",
      category: "vendors",
      estimatedHours: 2,
    },
    {
      title: "Open registration and payment",
      description: "An invite page with price, refund policy and questions on diet and accessibility; share it with your network.",
      priority: "high",
      category: "marketing",
      estimatedHours: 3,
    },
    {
      title: "Arrange travel and accommodation guidance",
      description: "Directions, shuttle or car-share options and a short list of places to stay, sent with the confirmation.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 2,
    },
    {
      title: "Send the pre-event information pack",
      description: "A week before: schedule, what to bring, arrival time, venue contact and an emergency number.",
      priority: "medium",
      category: "communication",
      estimatedHours: 1.5,
    },
    {
      title: "Prepare materials, signage and welcome kits",
      description: "Name badges, printed schedules, direction signs and session materials, packed and labelled by session.",
      priority: "medium",
      category: "production",
      estimatedHours: 3,
    },
    {
      title: "Run the event",
      description: "Arrive early for setup, keep the day on schedule and have one person free to handle the unexpected.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
      daysAfterEvent: 0,
    },
    {
      title: "Collect feedback and send thank-yous",
      description: "A five-question survey and personal thanks to guests, speakers, partners and the venue within two days.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2,
      daysAfterEvent: 2,
    },
  ],
};

const conference: ProjectTemplate = {
  id: "conference",
  name: "Industry conference",
  emoji: "🎤",
  description: "A one- or two-day conference for a few hundred delegates: venue and AV, speakers and sponsors, registration, catering, staffing and a clean settlement.",
  color: "#4f46e5",
  estimatedDays: 120,
  kind: "event",
  tasks: [
    {
      title: "Set the budget and ticket pricing model",
      description: "Cost lines per delegate and fixed costs, ticket tiers, sponsorship income target, break-even attendance and a 10% contingency.",
      priority: "critical",
      category: "finance",
      estimatedHours: 4,
    },
    {
      title: "Site-visit and contract the venue",
      description: "Compare two or three venues on room capacity per layout, breakout rooms, load-in access, Wi-Fi capacity, step-free access and in-house AV rules. Check the attrition and cancellation clauses before signing.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 6,
    },
    {
      title: "Take out event liability insurance",
      description: "Public liability cover to the venue's required amount, plus cancellation cover for speaker no-shows and force majeure. Send the certificate to the venue.",
      priority: "high",
      category: "legal",
      estimatedHours: 2,
    },
    {
      title: "Run the call for speakers and build the agenda",
      description: "Open submissions, review with the programme committee, invite keynotes and publish the agenda with tracks and room assignments.",
      priority: "high",
      category: "content",
      estimatedHours: 12,
    },
    {
      title: "Sell sponsor packages and track deliverables",
      description: "Prospectus with tiers, signed agreements, and a tracker for each sponsor's logos, booth, passes and session slots.",
      priority: "high",
      category: "marketing",
      estimatedHours: 10,
    },
    {
      title: "Launch ticketing and registration",
      description: "Early-bird, standard and group tiers, promo codes, refund policy, dietary and accessibility questions, and a test purchase end to end.",
      priority: "high",
      category: "marketing",
      estimatedHours: 4,
    },
    {
      title: "Book the AV production company",
      description: "Stage, projection, confidence monitors, lapel and handheld mics, recording and streaming for each room, quoted against a technical rider.",
      priority: "critical",
      category: "production",
      estimatedHours: 4,
    },
    {
      title: "Book catering for breaks, lunch and the reception",
      description: "Menus per service, dietary counts from registration, service times matched to the agenda, and the guarantee deadline for final numbers.",
      priority: "high",
      category: "logistics",
      estimatedHours: 3,
    },
    {
      title: "Set up the hotel room block and travel guidance",
      description: "Negotiate a block near the venue with a clear release date, and publish travel, parking and public transport directions.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
    },
    {
      title: "Run the email and social promotion plan",
      description: "Speaker announcements, early-bird deadline, agenda launch and a final-week countdown, with registrations tracked per channel.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 8,
    },
    {
      title: "Recruit and schedule event staff and volunteers",
      description: "Registration desk, room monitors, runners and speaker-room host: shifts, a briefing pack and who reports to whom.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 5,
    },
    {
      title: "Plan security, first aid and emergency procedures",
      description: "Door security, bag policy, first-aid cover, evacuation routes and assembly points agreed with the venue's duty manager.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 3,
    },
    {
      title: "Order badges, lanyards and signage",
      description: "Badge design with name and ticket type, wayfinding and room signs, sponsor boards; allow print lead time.",
      priority: "medium",
      category: "production",
      estimatedHours: 3,
    },
    {
      title: "Collect speaker slides and run tech checks",
      description: "Slides in the house template a week out, remote tech checks for video or audio, and a speaker-ready room on site.",
      priority: "high",
      category: "content",
      estimatedHours: 4,
    },
    {
      title: "Write the run of show and cue sheets",
      description: "Minute-by-minute per room: walk-in music, intros, slide and video cues, mic changes, breaks and who calls each cue.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
    },
    {
      title: "Send final numbers to the caterer and venue",
      description: "Confirm guaranteed covers, room layouts and timings by the venue's deadline, usually 72 hours before.",
      priority: "high",
      category: "logistics",
      estimatedHours: 1,
    },
    {
      title: "Load-in, room build and tech rehearsal",
      description: "AV and set build per the load-in schedule, sound check with each mic, slide run-through and a walk of every room.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
    },
    {
      title: "Show day: registration and show calling",
      description: "Doors and registration desk, stage management and cue calling per the run of show, with a radio channel for the team.",
      priority: "critical",
      category: "production",
      estimatedHours: 10,
      daysAfterEvent: 0,
    },
    {
      title: "Load-out and venue handback",
      description: "Strike the set, return rented kit and hand the rooms back in their original state by the venue's deadline.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 4,
      daysAfterEvent: 1,
    },
    {
      title: "Send thank-yous, slides and the feedback survey",
      description: "Email delegates the slides and recordings with a short survey; thank speakers and sponsors personally.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 2,
      daysAfterEvent: 2,
    },
    {
      title: "Hold the team debrief",
      description: "What went well, what to change, survey highlights and attendance against target, written up for next year.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2,
      daysAfterEvent: 7,
    },
    {
      title: "Settle invoices and close the budget",
      description: "Reconcile the venue, AV and catering invoices against quotes and the final numbers, pay suppliers and report the final P&L.",
      priority: "high",
      category: "finance",
      estimatedHours: 4,
      daysAfterEvent: 14,
    },
  ],
};

const festival: ProjectTemplate = {
  id: "festival",
  name: "Music festival",
  emoji: "🎪",
  description: "An outdoor music festival: site, licences, line-up, production, safety, crew and traders, through to load-out, settlement and the debrief.",
  color: "#c026d3",
  estimatedDays: 180,
  kind: "event",
  tasks: [
    {
      title: "Set the festival budget and break-even",
      description: "Artist fees, production, site, staffing and marketing against ticket, bar and trader income; break-even attendance and contingency.",
      priority: "critical",
      category: "finance",
      estimatedHours: 8,
    },
    {
      title: "Secure the site and sign the land agreement",
      description: "Capacity, ground conditions, vehicle access, neighbours and noise history; agree access days for build and reinstatement.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 8,
    },
    {
      title: "Apply for the event licence and permits",
      description: "Premises or special event licence, alcohol sales, noise limits, temporary structures and road closures. Lead times are often 8–12 weeks.",
      priority: "critical",
      category: "legal",
      estimatedHours: 10,
    },
    {
      title: "Take out event and weather insurance",
      description: "Public and employer's liability, equipment cover and adverse-weather or cancellation cover; certificates to the landowner and council.",
      priority: "high",
      category: "legal",
      estimatedHours: 3,
    },
    {
      title: "Book the headliners and build the line-up",
      description: "Offers through agents, contracts with radius clauses and deposits, then fill each stage by genre and running time.",
      priority: "critical",
      category: "content",
      estimatedHours: 20,
    },
    {
      title: "Launch ticketing with capacity caps",
      description: "Tiers, day and weekend tickets, resale policy and a hard cap at the licensed capacity, with scanning at the gates.",
      priority: "high",
      category: "marketing",
      estimatedHours: 5,
    },
    {
      title: "Hire stage, PA and lighting suppliers",
      description: "Stages sized to the line-up, sound and lighting specified against the artists' technical riders, with supplier crews and schedules.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
    },
    {
      title: "Draw the site plan",
      description: "Stages, bars, toilets, first aid, traders, emergency exits and vehicle routes to scale, with crowd capacity per area.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 8,
    },
    {
      title: "Book power, water, toilets and waste",
      description: "Generators with a fuel plan, distribution, water points, roughly one toilet per 75–100 guests, and waste and recycling collection.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 5,
    },
    {
      title: "Write the event safety management plan",
      description: "Crowd management, medical cover, emergency routes, severe-weather and lost-child procedures; present it to the safety advisory group.",
      priority: "critical",
      category: "legal",
      estimatedHours: 12,
    },
    {
      title: "Contract security and medical cover",
      description: "Licensed security to the ratio in the safety plan, search policy at the gates, and a medical provider with an on-site treatment area.",
      priority: "critical",
      category: "logistics",
      estimatedHours: 4,
    },
    {
      title: "Sign food, drink and merchandise traders",
      description: "Applications, pitch fees, hygiene ratings, gas safety certificates and power needs per trader.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 6,
    },
    {
      title: "Run the line-up announcements and marketing campaign",
      description: "Staged line-up drops, playlist and social content, partner promotion and a final-week push, tracked against ticket sales.",
      priority: "high",
      category: "marketing",
      estimatedHours: 15,
    },
    {
      title: "Advance the artists",
      description: "Travel, accommodation, hospitality riders, guest lists, set times and changeover times confirmed with each tour manager.",
      priority: "high",
      category: "content",
      estimatedHours: 10,
    },
    {
      title: "Recruit and train crew and volunteers",
      description: "Stewards, bar staff, runners and site crew: roles, shifts, camping and crew catering, and a safety briefing for everyone.",
      priority: "high",
      category: "logistics",
      estimatedHours: 10,
    },
    {
      title: "Set up accreditation and access zones",
      description: "Wristbands, artist, crew and press passes, and which pass opens which gate, backstage area and stage.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 4,
    },
    {
      title: "Plan traffic, parking and shuttles",
      description: "Car parks, drop-off points, shuttle timetables and signage agreed with the council and local transport.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 4,
    },
    {
      title: "Write the run of show and stage schedules",
      description: "Gates open, set and changeover times per stage, curfew and the show-stop procedure, shared with stage managers and security.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
    },
    {
      title: "Load-in and site build",
      description: "Fencing, stages, power and structures in the build order; structural sign-offs and the licensing walk-round before gates open.",
      priority: "critical",
      category: "production",
      estimatedHours: 24,
    },
    {
      title: "Show days: production office and stage management",
      description: "Run the production office, call the stages to schedule, log incidents and hold the daily safety meetings.",
      priority: "critical",
      category: "production",
      estimatedHours: 24,
      daysAfterEvent: 0,
    },
    {
      title: "Load-out, site clear and reinstatement",
      description: "Strike in reverse order, litter pick, return hired kit and hand the land back per the agreement.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 16,
      daysAfterEvent: 1,
    },
    {
      title: "Thank ticket holders and share the aftermovie",
      description: "Thank-you email with photos and a survey, plus the early-bird offer for next year.",
      priority: "low",
      category: "marketing",
      estimatedHours: 3,
      daysAfterEvent: 5,
    },
    {
      title: "Debrief with crew, suppliers and the council",
      description: "Incidents, crowd flow, noise complaints and what to change; minutes go into next year's safety plan.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 3,
      daysAfterEvent: 10,
    },
    {
      title: "Settle artist fees and supplier invoices",
      description: "Artist balances and bonuses per contract, supplier invoices against quotes and damage reports, and the final P&L.",
      priority: "high",
      category: "finance",
      estimatedHours: 6,
      daysAfterEvent: 14,
    },
  ],
};

const productLaunch: ProjectTemplate = {
  id: "product-launch",
  name: "Product launch event",
  emoji: "🚀",
  description: "An invite-only launch with a keynote and live demo for press, partners and VIPs, streamed to everyone else.",
  color: "#0284c7",
  estimatedDays: 45,
  kind: "event",
  tasks: [
    {
      title: "Set launch goals, guest numbers and budget",
      description: "What the launch must achieve (coverage, sign-ups, partner deals), how many guests, and the budget per line.",
      priority: "critical",
      category: "finance",
      estimatedHours: 3,
    },
    {
      title: "Book the venue",
      description: "A space that fits the brand and the guest count, with a stage area, good sight lines, fast wired internet for the demo and streaming.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 5,
    },
    {
      title: "Confirm insurance and venue permits",
      description: "Liability cover to the venue's requirement, and permits for any outdoor branding, pyrotechnics or late licence.",
      priority: "high",
      category: "legal",
      estimatedHours: 2,
    },
    {
      title: "Lock the keynote narrative and demo script",
      description: "The story in three acts, the exact demo path with data prepared, and who presents which part.",
      priority: "critical",
      category: "content",
      estimatedHours: 8,
    },
    {
      title: "Design the stage set and brand visuals",
      description: "Backdrop, screen graphics, lectern and photo wall in the launch branding, sent to print with lead time.",
      priority: "high",
      category: "production",
      estimatedHours: 8,
    },
    {
      title: "Book AV, livestream and photography",
      description: "Screens, mics, a streaming crew with a backup connection, and a photographer and videographer with a shot list.",
      priority: "high",
      category: "production",
      estimatedHours: 4,
    },
    {
      title: "Invite press, analysts and VIPs",
      description: "Personal invitations with the embargo terms, follow-up calls and interview slots with the founders.",
      priority: "high",
      category: "marketing",
      estimatedHours: 6,
    },
    {
      title: "Build the RSVP page and manage the guest list",
      description: "RSVP with dietary and access needs, a waitlist, reminders at one week and one day, and the door list.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 3,
    },
    {
      title: "Prepare the press kit and embargoed announcement",
      description: "Press release, product images, fact sheet and spokesperson bios, scheduled to publish as the keynote ends.",
      priority: "high",
      category: "content",
      estimatedHours: 6,
    },
    {
      title: "Book catering and the bar",
      description: "Canapés and drinks timed around the keynote, with dietary options and a non-alcoholic menu.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 2,
    },
    {
      title: "Plan staffing, check-in and security",
      description: "Check-in desk with the guest list, hosts for press and VIPs, door security and a cloakroom.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
    },
    {
      title: "Write the run of show and cue sheet",
      description: "Doors, walk-in music, keynote, demo, Q&A and networking with every light, video and mic cue and who calls it.",
      priority: "critical",
      category: "production",
      estimatedHours: 4,
    },
    {
      title: "Rehearse the keynote and demo with a fallback",
      description: "Two full run-throughs on the real hardware, timed, with a recorded demo ready if the live one fails.",
      priority: "critical",
      category: "content",
      estimatedHours: 6,
    },
    {
      title: "Load-in, tech check and dress rehearsal",
      description: "Build the set, line-check the mics, test the stream end to end and run the show once in full.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
    },
    {
      title: "Launch day: run the show and the live demo",
      description: "Call the show from the run of show, keep press interviews on schedule and monitor the stream and social mentions.",
      priority: "critical",
      category: "production",
      estimatedHours: 10,
      daysAfterEvent: 0,
    },
    {
      title: "Load-out and return rented equipment",
      description: "Strike the set, return AV and furniture hire, and collect branded items for reuse.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
      daysAfterEvent: 1,
    },
    {
      title: "Send follow-ups, recordings and the press recap",
      description: "Thank guests, send the recording and photos, and share coverage with the team and partners.",
      priority: "high",
      category: "marketing",
      estimatedHours: 3,
      daysAfterEvent: 2,
    },
    {
      title: "Settle vendors and report launch results",
      description: "Pay vendors against quotes, then report spend, attendance, coverage and sign-ups against the launch goals.",
      priority: "medium",
      category: "finance",
      estimatedHours: 4,
      daysAfterEvent: 10,
    },
  ],
};

/** The spec's six first, in its table order, then the event-production templates. */
export const TEMPLATES: readonly ProjectTemplate[] = [
  fitness,
  business,
  learning,
  home,
  creative,
  app,
  conference,
  festival,
  productLaunch,
];

export function getTemplate(id: string): ProjectTemplate | null {
  return TEMPLATES.find((t) => t.id === id) ?? null;
}

/** Hours of a set of template tasks, to one decimal (the UI's "approximately N hours"). */
export function totalHours(tasks: readonly Pick<TemplateTask, "estimatedHours">[]) {
  return Math.round(tasks.reduce((sum, t) => sum + t.estimatedHours, 0) * 10) / 10;
}

export function templateStats(template: ProjectTemplate): TemplateStats {
  return {
    totalTasks: template.tasks.length,
    estimatedDays: template.estimatedDays,
    totalHours: totalHours(template.tasks),
  };
}
