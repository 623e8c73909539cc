import type { ProjectTemplate } from "./types";

export default {
  id: "micro-event-or-mini-retreat",
  name: "Micro event or mini retreat",
  emoji: "🏕️",
  description:
    "Host a small gathering of 10 to 50 people: venue, programme, food and guest communication, then feedback once everyone is home.",
  color: "#0d9488",
  estimatedDays: 60,
  kind: "starter",
  tasks: [
    {
      title: "Set the purpose, guest count and budget",
      description:
        "Why people should come, how many you can host well and the budget per head, including a 10% contingency.",
      priority: "critical",
      category: "planning",
      estimatedHours: 2,
    },
    {
      title: "Shortlist and book the venue",
      description:
        "Visit two or three places; check capacity, rooms for breakouts, accessibility, quiet hours and the cancellation terms.",
      priority: "critical",
      category: "logistics",
      estimatedHours: 5,
      after: ["Set the purpose, guest count and budget"],
    },
    {
      title: "Secure partners or sponsors",
      description:
        "Approach two or three aligned brands or communities for funding, products or promotion in exchange for visibility.",
      priority: "medium",
      category: "partnerships",
      estimatedHours: 4,
      after: ["Set the purpose, guest count and budget"],
    },
    {
      title: "Design the programme and schedule",
      description: "Sessions, breaks and free time hour by hour; leave more space than feels necessary.",
      priority: "high",
      category: "program",
      estimatedHours: 4,
      after: ["Shortlist and book the venue"],
    },
    {
      title: "Book facilitators and speakers",
      description: "Confirm each session lead in writing with fee, travel, timing and what equipment they need.",
      priority: "high",
      category: "program",
      estimatedHours: 3,
      after: ["Design the programme and schedule"],
    },
    {
      title: "Book catering and collect dietary needs",
      description:
        "Menus for every meal and break, with vegetarian, vegan and allergy options confirmed with the caterer.",
      priority: "high",
      category: "vendors",
      estimatedHours: 2,
      after: ["Shortlist and book the venue"],
    },
    {
      title: "Open registration and payment",
      description:
        "An invite page with price, refund policy and questions on diet and accessibility; share it with your network.",
      priority: "high",
      category: "marketing",
      estimatedHours: 3,
      after: ["Design the programme and schedule"],
    },
    {
      title: "Arrange travel and accommodation guidance",
      description:
        "Directions, shuttle or car-share options and a short list of places to stay, sent with the confirmation.",
      priority: "medium",
      category: "logistics",
      estimatedHours: 2,
      after: ["Shortlist and book the venue"],
    },
    {
      title: "Send the pre-event information pack",
      description: "A week before: schedule, what to bring, arrival time, venue contact and an emergency number.",
      priority: "medium",
      category: "communication",
      estimatedHours: 1.5,
      after: ["Open registration and payment", "Arrange travel and accommodation guidance"],
    },
    {
      title: "Prepare materials, signage and welcome kits",
      description:
        "Name badges, printed schedules, direction signs and session materials, packed and labelled by session.",
      priority: "medium",
      category: "production",
      estimatedHours: 3,
      after: ["Design the programme and schedule"],
    },
    {
      title: "Run the event",
      description:
        "Arrive early for setup, keep the day on schedule and have one person free to handle the unexpected.",
      priority: "critical",
      category: "production",
      estimatedHours: 8,
      daysAfterEvent: 0,
      after: ["Book facilitators and speakers", "Prepare materials, signage and welcome kits"],
    },
    {
      title: "Collect feedback and send thank-yous",
      description:
        "A five-question survey and personal thanks to guests, speakers, partners and the venue within two days.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2,
      daysAfterEvent: 2,
      after: ["Run the event"],
    },
  ],
} satisfies ProjectTemplate;
