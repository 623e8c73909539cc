import type { ProjectTemplate } from "./types";

export default {
  id: "side-hustle-launch",
  name: "Side hustle launch",
  emoji: "💼",
  description:
    "Go from idea to first paying customers in 90 days: validate demand, set up the legal and money basics, build a first version and sell it.",
  color: "#2563eb",
  estimatedDays: 90,
  kind: "starter",
  tasks: [
    {
      title: "Validate the idea with 10 customer conversations",
      description:
        "Talk to ten people who have the problem. Ask how they solve it today and what it costs them; do not pitch. Write down the exact words they use.",
      priority: "critical",
      category: "research",
      estimatedHours: 6,
    },
    {
      title: "Research competitors and their prices",
      description:
        "List five alternatives, including doing nothing. Note price, promise and what reviewers complain about.",
      priority: "high",
      category: "research",
      estimatedHours: 4,
    },
    {
      title: "Define the offer and the price",
      description:
        "One sentence on who it is for and what they get, one price with a reason behind it, and what is deliberately left out.",
      priority: "high",
      category: "strategy",
      estimatedHours: 3,
      after: ["Validate the idea with 10 customer conversations", "Research competitors and their prices"],
    },
    {
      title: "Set a startup budget and a 90-day revenue goal",
      description:
        "How much you will spend before it pays for itself, and the revenue that would make the next quarter worth it.",
      priority: "high",
      category: "finance",
      estimatedHours: 2,
    },
    {
      title: "Register the business and check what you need to trade",
      description:
        "Choose a legal form, register it and check local licences, tax registration and whether your employment contract allows side work.",
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
      after: ["Register the business and check what you need to trade"],
    },
    {
      title: "Choose a name, logo and brand basics",
      description:
        "Check the name is free as a domain and on social handles; pick two colours and one typeface and stop there.",
      priority: "medium",
      category: "branding",
      estimatedHours: 5,
    },
    {
      title: "Build the smallest version people will pay for",
      description:
        "The product, service package or prototype that delivers the core promise and nothing else. Ship it to one early customer for feedback.",
      priority: "critical",
      category: "development",
      estimatedHours: 25,
      after: ["Define the offer and the price"],
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
      description:
        "Four weeks of posts, emails and outreach around one launch date, using the words from your customer conversations.",
      priority: "high",
      category: "marketing",
      estimatedHours: 4,
    },
    {
      title: "Land your first three paying customers",
      description:
        "Direct outreach to the people you interviewed and their referrals. Ask each paying customer for a testimonial.",
      priority: "critical",
      category: "sales",
      estimatedHours: 10,
      after: ["Build the smallest version people will pay for"],
    },
    {
      title: "Review the 90 days and set next quarter's goals",
      description: "Compare revenue, costs and hours against the plan; decide to double down, change course or stop.",
      priority: "medium",
      category: "strategy",
      estimatedHours: 2,
    },
  ],
} satisfies ProjectTemplate;
