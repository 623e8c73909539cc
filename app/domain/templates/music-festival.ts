import type { ProjectTemplate } from "./types";

export default {
  id: "music-festival",
  name: "Music festival",
  emoji: "🎪",
  description:
    "An outdoor music festival: site, licences, line-up, production, safety, crew and traders, through to load-out, settlement and the debrief.",
  color: "#c026d3",
  estimatedDays: 180,
  kind: "event",
  tasks: [
    {
      title: "Set the festival budget and break-even",
      description:
        "Artist fees, production, site, staffing and marketing against ticket, bar and trader income; break-even attendance and contingency.",
      priority: "critical",
      category: "finance",
      estimatedHours: 8,
    },
    {
      title: "Secure the site and sign the land agreement",
      description:
        "Capacity, ground conditions, vehicle access, neighbours and noise history; agree access days for build and reinstatement.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 8,
      after: ["Set the festival budget and break-even"],
    },
    {
      title: "Apply for the event licence and permits",
      description:
        "Premises or special event licence, alcohol sales, noise limits, temporary structures and road closures. Lead times are often 8–12 weeks.",
      priority: "critical",
      category: "legal",
      estimatedHours: 10,
      after: ["Secure the site and sign the land agreement"],
    },
    {
      title: "Take out event and weather insurance",
      description:
        "Public and employer's liability, equipment cover and adverse-weather or cancellation cover; certificates to the landowner and council.",
      priority: "high",
      category: "legal",
      estimatedHours: 3,
      after: ["Secure the site and sign the land agreement"],
    },
    {
      title: "Book the headliners and build the line-up",
      description:
        "Offers through agents, contracts with radius clauses and deposits, then fill each stage by genre and running time.",
      priority: "critical",
      category: "content",
      estimatedHours: 20,
      after: ["Set the festival budget and break-even"],
    },
    {
      title: "Launch ticketing with capacity caps",
      description:
        "Tiers, day and weekend tickets, resale policy and a hard cap at the licensed capacity, with scanning at the gates.",
      priority: "high",
      category: "marketing",
      estimatedHours: 5,
      after: ["Apply for the event licence and permits", "Book the headliners and build the line-up"],
    },
    {
      title: "Hire stage, PA and lighting suppliers",
      description:
        "Stages sized to the line-up, sound and lighting specified against the artists' technical riders, with supplier crews and schedules.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
      after: ["Book the headliners and build the line-up"],
    },
    {
      title: "Draw the site plan",
      description:
        "Stages, bars, toilets, first aid, traders, emergency exits and vehicle routes to scale, with crowd capacity per area.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 8,
      after: ["Secure the site and sign the land agreement"],
    },
    {
      title: "Book power, water, toilets and waste",
      description:
        "Generators with a fuel plan, distribution, water points, roughly one toilet per 75–100 guests, and waste and recycling collection.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 5,
      after: ["Draw the site plan"],
    },
    {
      title: "Write the event safety management plan",
      description:
        "Crowd management, medical cover, emergency routes, severe-weather and lost-child procedures; present it to the safety advisory group.",
      priority: "critical",
      category: "legal",
      estimatedHours: 12,
      after: ["Draw the site plan"],
    },
    {
      title: "Contract security and medical cover",
      description:
        "Licensed security to the ratio in the safety plan, search policy at the gates, and a medical provider with an on-site treatment area.",
      priority: "critical",
      category: "logistics",
      estimatedHours: 4,
      after: ["Write the event safety management plan"],
    },
    {
      title: "Sign food, drink and merchandise traders",
      description: "Applications, pitch fees, hygiene ratings, gas safety certificates and power needs per trader.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 6,
      after: ["Draw the site plan"],
    },
    {
      title: "Run the line-up announcements and marketing campaign",
      description:
        "Staged line-up drops, playlist and social content, partner promotion and a final-week push, tracked against ticket sales.",
      priority: "high",
      category: "marketing",
      estimatedHours: 15,
      after: ["Launch ticketing with capacity caps"],
    },
    {
      title: "Advance the artists",
      description:
        "Travel, accommodation, hospitality riders, guest lists, set times and changeover times confirmed with each tour manager.",
      priority: "high",
      category: "content",
      estimatedHours: 10,
      after: ["Book the headliners and build the line-up"],
    },
    {
      title: "Recruit and train crew and volunteers",
      description:
        "Stewards, bar staff, runners and site crew: roles, shifts, camping and crew catering, and a safety briefing for everyone.",
      priority: "high",
      category: "logistics",
      estimatedHours: 10,
      after: ["Write the event safety management plan"],
    },
    {
      title: "Set up accreditation and access zones",
      description:
        "Wristbands, artist, crew and press passes, and which pass opens which gate, backstage area and stage.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 4,
      after: ["Draw the site plan", "Recruit and train crew and volunteers"],
    },
    {
      title: "Plan traffic, parking and shuttles",
      description:
        "Car parks, drop-off points, shuttle timetables and signage agreed with the council and local transport.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 4,
      after: ["Draw the site plan"],
    },
    {
      title: "Write the run of show and stage schedules",
      description:
        "Gates open, set and changeover times per stage, curfew and the show-stop procedure, shared with stage managers and security.",
      priority: "critical",
      category: "production",
      estimatedHours: 6,
      after: ["Advance the artists"],
    },
    {
      title: "Load-in and site build",
      description:
        "Fencing, stages, power and structures in the build order; structural sign-offs and the licensing walk-round before gates open.",
      priority: "critical",
      category: "production",
      estimatedHours: 24,
      after: ["Hire stage, PA and lighting suppliers", "Book power, water, toilets and waste"],
    },
    {
      title: "Show days: production office and stage management",
      description:
        "Run the production office, call the stages to schedule, log incidents and hold the daily safety meetings.",
      priority: "critical",
      category: "production",
      estimatedHours: 24,
      daysAfterEvent: 0,
      after: ["Load-in and site build", "Write the run of show and stage schedules"],
    },
    {
      title: "Load-out, site clear and reinstatement",
      description: "Strike in reverse order, litter pick, return hired kit and hand the land back per the agreement.",
      priority: "high",
      category: "infrastructure",
      estimatedHours: 16,
      daysAfterEvent: 1,
      after: ["Show days: production office and stage management"],
    },
    {
      title: "Thank ticket holders and share the aftermovie",
      description: "Thank-you email with photos and a survey, plus the early-bird offer for next year.",
      priority: "low",
      category: "marketing",
      estimatedHours: 3,
      daysAfterEvent: 5,
      after: ["Show days: production office and stage management"],
    },
    {
      title: "Debrief with crew, suppliers and the council",
      description:
        "Incidents, crowd flow, noise complaints and what to change; minutes go into next year's safety plan.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 3,
      daysAfterEvent: 10,
      after: ["Load-out, site clear and reinstatement"],
    },
    {
      title: "Settle artist fees and supplier invoices",
      description:
        "Artist balances and bonuses per contract, supplier invoices against quotes and damage reports, and the final P&L.",
      priority: "high",
      category: "finance",
      estimatedHours: 6,
      daysAfterEvent: 14,
      after: ["Load-out, site clear and reinstatement"],
    },
  ],
} satisfies ProjectTemplate;
