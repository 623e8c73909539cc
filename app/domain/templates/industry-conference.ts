import type { ProjectTemplate } from "./types";

export default {
  id: "industry-conference",
  name: "Industry conference",
  emoji: "🎤",
  description:
    "A one- or two-day conference for a few hundred delegates: venue and AV, speakers and sponsors, registration, catering, staffing and a clean settlement.",
  color: "#4f46e5",
  estimatedDays: 120,
  kind: "event",
  tasks: [
    {
      title: "Set the budget and ticket pricing model",
      description:
        "Cost lines per delegate and fixed costs, ticket tiers, sponsorship income target, break-even attendance and a 10% contingency.",
      priority: "critical",
      category: "finance",
      estimatedHours: 4,
    },
    {
      title: "Site-visit and contract the venue",
      description:
        "Compare two or three venues on room capacity per layout, breakout rooms, load-in access, Wi-Fi capacity, step-free access and in-house AV rules. Check the attrition and cancellation clauses before signing.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 6,
      after: ["Set the budget and ticket pricing model"],
    },
    {
      title: "Take out event liability insurance",
      description:
        "Public liability cover to the venue's required amount, plus cancellation cover for speaker no-shows and force majeure. Send the certificate to the venue.",
      priority: "high",
      category: "legal",
      estimatedHours: 2,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Run the call for speakers and build the agenda",
      description:
        "Open submissions, review with the programme committee, invite keynotes and publish the agenda with tracks and room assignments.",
      priority: "high",
      category: "content",
      estimatedHours: 12,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Sell sponsor packages and track deliverables",
      description:
        "Prospectus with tiers, signed agreements, and a tracker for each sponsor's logos, booth, passes and session slots.",
      priority: "high",
      category: "marketing",
      estimatedHours: 10,
      after: ["Set the budget and ticket pricing model"],
    },
    {
      title: "Launch ticketing and registration",
      description:
        "Early-bird, standard and group tiers, promo codes, refund policy, dietary and accessibility questions, and a test purchase end to end.",
      priority: "high",
      category: "marketing",
      estimatedHours: 4,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Book the AV production company",
      description:
        "Stage, projection, confidence monitors, lapel and handheld mics, recording and streaming for each room, quoted against a technical rider.",
      priority: "critical",
      category: "production",
      estimatedHours: 4,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Book catering for breaks, lunch and the reception",
      description:
        "Menus per service, dietary counts from registration, service times matched to the agenda, and the guarantee deadline for final numbers.",
      priority: "high",
      category: "logistics",
      estimatedHours: 3,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Set up the hotel room block and travel guidance",
      description:
        "Negotiate a block near the venue with a clear release date, and publish travel, parking and public transport directions.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Run the email and social promotion plan",
      description:
        "Speaker announcements, early-bird deadline, agenda launch and a final-week countdown, with registrations tracked per channel.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 8,
      after: ["Run the call for speakers and build the agenda", "Launch ticketing and registration"],
    },
    {
      title: "Recruit and schedule event staff and volunteers",
      description:
        "Registration desk, room monitors, runners and speaker-room host: shifts, a briefing pack and who reports to whom.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 5,
      after: ["Run the call for speakers and build the agenda"],
    },
    {
      title: "Plan security, first aid and emergency procedures",
      description:
        "Door security, bag policy, first-aid cover, evacuation routes and assembly points agreed with the venue's duty manager.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 3,
      after: ["Site-visit and contract the venue"],
    },
    {
      title: "Order badges, lanyards and signage",
      description:
        "Badge design with name and ticket type, wayfinding and room signs, sponsor boards; allow print lead time.",
      priority: "medium",
      category: "production",
      estimatedHours: 3,
      after: ["Sell sponsor packages and track deliverables", "Launch ticketing and registration"],
    },
    {
      title: "Collect speaker slides and run tech checks",
      description:
        "Slides in the house template a week out, remote tech checks for video or audio, and a speaker-ready room on site.",
      priority: "high",
      category: "content",
      estimatedHours: 4,
      after: ["Run the call for speakers and build the agenda", "Book the AV production company"],
    },
    {
      title: "Write the run of show and cue sheets",
      description:
        "Minute-by-minute per room: walk-in music, intros, slide and video cues, mic changes, breaks and who calls each cue.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
      after: ["Run the call for speakers and build the agenda", "Book the AV production company"],
    },
    {
      title: "Send final numbers to the caterer and venue",
      description:
        "Confirm guaranteed covers, room layouts and timings by the venue's deadline, usually 72 hours before.",
      priority: "high",
      category: "logistics",
      estimatedHours: 1,
      after: ["Book catering for breaks, lunch and the reception", "Launch ticketing and registration"],
    },
    {
      title: "Load-in, room build and tech rehearsal",
      description:
        "AV and set build per the load-in schedule, sound check with each mic, slide run-through and a walk of every room.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
      after: ["Write the run of show and cue sheets", "Collect speaker slides and run tech checks"],
    },
    {
      title: "Show day: registration and show calling",
      description:
        "Doors and registration desk, stage management and cue calling per the run of show, with a radio channel for the team.",
      priority: "critical",
      category: "production",
      estimatedHours: 10,
      daysAfterEvent: 0,
      after: ["Load-in, room build and tech rehearsal", "Recruit and schedule event staff and volunteers"],
    },
    {
      title: "Load-out and venue handback",
      description:
        "Strike the set, return rented kit and hand the rooms back in their original state by the venue's deadline.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 4,
      daysAfterEvent: 1,
      after: ["Show day: registration and show calling"],
    },
    {
      title: "Send thank-yous, slides and the feedback survey",
      description:
        "Email delegates the slides and recordings with a short survey; thank speakers and sponsors personally.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 2,
      daysAfterEvent: 2,
      after: ["Show day: registration and show calling"],
    },
    {
      title: "Hold the team debrief",
      description:
        "What went well, what to change, survey highlights and attendance against target, written up for next year.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2,
      daysAfterEvent: 7,
      after: ["Show day: registration and show calling"],
    },
    {
      title: "Settle invoices and close the budget",
      description:
        "Reconcile the venue, AV and catering invoices against quotes and the final numbers, pay suppliers and report the final P&L.",
      priority: "high",
      category: "finance",
      estimatedHours: 4,
      daysAfterEvent: 14,
      after: ["Load-out and venue handback"],
    },
  ],
} satisfies ProjectTemplate;
