import type { ProjectTemplate } from "./types";

export default {
  id: "marketing-campaign-planner",
  name: "Marketing campaign planner",
  emoji: "📣",
  description:
    "Plan, launch and measure a 30-day campaign: one goal, one audience, the right channels and a clear report at the end.",
  color: "#db2777",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Define the campaign goal, KPIs and budget",
      description:
        "One primary goal (sign-ups, tickets sold, leads), the number that means success and the spend ceiling.",
      priority: "critical",
      category: "strategy",
      estimatedHours: 2,
    },
    {
      title: "Profile the target audience",
      description:
        "Who they are, where they spend time online and what would make them act now. Use past customer data where you have it.",
      priority: "high",
      category: "research",
      estimatedHours: 3,
    },
    {
      title: "Write the core message and offer",
      description:
        "A headline, three supporting points and one call to action, tested on two people from the audience.",
      priority: "high",
      category: "strategy",
      estimatedHours: 2,
      after: ["Profile the target audience"],
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
      description:
        "Images, short videos, ad copy and email templates in every size the channels need, checked against the brand guide.",
      priority: "high",
      category: "creative",
      estimatedHours: 10,
      after: ["Write the core message and offer"],
    },
    {
      title: "Set up tracking links and the landing page",
      description:
        "UTM-tagged links per channel, the analytics goal or pixel, and a landing page whose form you have tested.",
      priority: "high",
      category: "tech setup",
      estimatedHours: 4,
    },
    {
      title: "Launch the campaign",
      description:
        "Publish or schedule everything on launch day, check each link live and watch the first hours' numbers.",
      priority: "critical",
      category: "execution",
      estimatedHours: 2,
      after: ["Produce the creative assets", "Set up tracking links and the landing page"],
    },
    {
      title: "Engage the community and partners",
      description:
        "Reply to comments within a day, brief partners with ready-to-share posts and thank people who amplify.",
      priority: "medium",
      category: "community",
      estimatedHours: 3,
    },
    {
      title: "Optimise mid-campaign",
      description:
        "At the halfway point compare channels against the KPI, A/B test the weakest headline and move budget to what works.",
      priority: "medium",
      category: "optimization",
      estimatedHours: 3,
      after: ["Launch the campaign"],
    },
    {
      title: "Report results and lessons learned",
      description: "Results against each KPI, cost per result, what to repeat and what to drop next time.",
      priority: "medium",
      category: "evaluation",
      estimatedHours: 2.5,
    },
  ],
} satisfies ProjectTemplate;
