import type { ProjectTemplate } from "./types";

export default {
  id: "learn-a-new-skill",
  name: "Learn a new skill",
  emoji: "🎯",
  description:
    "A focused 15-day sprint to get competent at one skill: the fundamentals, daily practice, a small project and honest feedback.",
  color: "#7c3aed",
  estimatedDays: 15,
  kind: "starter",
  tasks: [
    {
      title: "Pick the skill and define good enough",
      description:
        'Name the skill and what you want to be able to do on day 15, for example "edit a two-minute video with titles and music".',
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
      description:
        "One structured course or book plus one reference you can search. More resources means less practice.",
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
      description:
        "Short exercises just beyond your comfort zone; repeat what you got wrong yesterday before moving on.",
      priority: "high",
      category: "practice",
      estimatedHours: 7,
      after: ["Learn the fundamentals (days 1–3)"],
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
      after: ["Start a small capstone project"],
    },
    {
      title: "Revise the project using the feedback",
      description: "Apply the changes, then compare before and after to see what you have learned.",
      priority: "medium",
      category: "project",
      estimatedHours: 2,
      after: ["Get feedback on the project"],
    },
    {
      title: "Keep a short daily progress log",
      description:
        "Two lines a day: what you practised and what to try tomorrow. It shows progress on days it feels slow.",
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
} satisfies ProjectTemplate;
