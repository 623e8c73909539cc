import type { ProjectTemplate } from "./types";

export default {
  id: "product-launch-event",
  name: "Product launch event",
  emoji: "🚀",
  description:
    "An invite-only launch with a keynote and live demo for press, partners and VIPs, streamed to everyone else.",
  color: "#0284c7",
  estimatedDays: 45,
  kind: "event",
  tasks: [
    {
      title: "Set launch goals, guest numbers and budget",
      description:
        "What the launch must achieve (coverage, sign-ups, partner deals), how many guests, and the budget per line.",
      priority: "critical",
      category: "finance",
      estimatedHours: 3,
    },
    {
      title: "Book the venue",
      description:
        "A space that fits the brand and the guest count, with a stage area, good sight lines, fast wired internet for the demo and streaming.",
      priority: "critical",
      category: "infrastructure",
      estimatedHours: 5,
      after: ["Set launch goals, guest numbers and budget"],
    },
    {
      title: "Confirm insurance and venue permits",
      description:
        "Liability cover to the venue's requirement, and permits for any outdoor branding, pyrotechnics or late licence.",
      priority: "high",
      category: "legal",
      estimatedHours: 2,
      after: ["Book the venue"],
    },
    {
      title: "Lock the keynote narrative and demo script",
      description: "The story in three acts, the exact demo path with data prepared, and who presents which part.",
      priority: "critical",
      category: "content",
      estimatedHours: 8,
      after: ["Set launch goals, guest numbers and budget"],
    },
    {
      title: "Design the stage set and brand visuals",
      description:
        "Backdrop, screen graphics, lectern and photo wall in the launch branding, sent to print with lead time.",
      priority: "high",
      category: "production",
      estimatedHours: 8,
      after: ["Book the venue", "Lock the keynote narrative and demo script"],
    },
    {
      title: "Book AV, livestream and photography",
      description:
        "Screens, mics, a streaming crew with a backup connection, and a photographer and videographer with a shot list.",
      priority: "high",
      category: "production",
      estimatedHours: 4,
      after: ["Book the venue"],
    },
    {
      title: "Invite press, analysts and VIPs",
      description:
        "Personal invitations with the embargo terms, follow-up calls and interview slots with the founders.",
      priority: "high",
      category: "marketing",
      estimatedHours: 6,
      after: ["Book the venue"],
    },
    {
      title: "Build the RSVP page and manage the guest list",
      description:
        "RSVP with dietary and access needs, a waitlist, reminders at one week and one day, and the door list.",
      priority: "medium",
      category: "marketing",
      estimatedHours: 3,
      after: ["Book the venue"],
    },
    {
      title: "Prepare the press kit and embargoed announcement",
      description:
        "Press release, product images, fact sheet and spokesperson bios, scheduled to publish as the keynote ends.",
      priority: "high",
      category: "content",
      estimatedHours: 6,
      after: ["Lock the keynote narrative and demo script"],
    },
    {
      title: "Book catering and the bar",
      description: "Canapés and drinks timed around the keynote, with dietary options and a non-alcoholic menu.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 2,
      after: ["Book the venue"],
    },
    {
      title: "Plan staffing, check-in and security",
      description: "Check-in desk with the guest list, hosts for press and VIPs, door security and a cloakroom.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
      after: ["Build the RSVP page and manage the guest list"],
    },
    {
      title: "Write the run of show and cue sheet",
      description:
        "Doors, walk-in music, keynote, demo, Q&A and networking with every light, video and mic cue and who calls it.",
      priority: "critical",
      category: "production",
      estimatedHours: 4,
      after: ["Lock the keynote narrative and demo script", "Book AV, livestream and photography"],
    },
    {
      title: "Rehearse the keynote and demo with a fallback",
      description:
        "Two full run-throughs on the real hardware, timed, with a recorded demo ready if the live one fails.",
      priority: "critical",
      category: "content",
      estimatedHours: 6,
      after: ["Write the run of show and cue sheet"],
    },
    {
      title: "Load-in, tech check and dress rehearsal",
      description: "Build the set, line-check the mics, test the stream end to end and run the show once in full.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
      after: ["Design the stage set and brand visuals", "Rehearse the keynote and demo with a fallback"],
    },
    {
      title: "Launch day: run the show and the live demo",
      description:
        "Call the show from the run of show, keep press interviews on schedule and monitor the stream and social mentions.",
      priority: "critical",
      category: "production",
      estimatedHours: 10,
      daysAfterEvent: 0,
      after: ["Load-in, tech check and dress rehearsal", "Plan staffing, check-in and security"],
    },
    {
      title: "Load-out and return rented equipment",
      description: "Strike the set, return AV and furniture hire, and collect branded items for reuse.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 3,
      daysAfterEvent: 1,
      after: ["Launch day: run the show and the live demo"],
    },
    {
      title: "Send follow-ups, recordings and the press recap",
      description: "Thank guests, send the recording and photos, and share coverage with the team and partners.",
      priority: "high",
      category: "marketing",
      estimatedHours: 3,
      daysAfterEvent: 2,
      after: ["Launch day: run the show and the live demo"],
    },
    {
      title: "Settle vendors and report launch results",
      description:
        "Pay vendors against quotes, then report spend, attendance, coverage and sign-ups against the launch goals.",
      priority: "medium",
      category: "finance",
      estimatedHours: 4,
      daysAfterEvent: 10,
      after: ["Load-out and return rented equipment"],
    },
  ],
} satisfies ProjectTemplate;
