import type { ProjectTemplate } from "./types";

export default {
  id: "30-day-fitness-challenge",
  name: "30-day fitness challenge",
  emoji: "💪",
  description:
    "Build a training habit in four weeks: a clear goal, a realistic schedule, food and sleep that support it, and a retest on day 30.",
  color: "#16a34a",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Set your 30-day goal and baseline",
      description:
        "Write down one measurable goal (run 5 km without stopping, 20 push-ups in a row) and record today's numbers: weight, resting heart rate, a timed 1 km and max push-ups.",
      priority: "high",
      category: "planning",
      estimatedHours: 1,
    },
    {
      title: "Plan the weekly training schedule",
      description:
        "Block four or five sessions a week in your calendar, alternating strength and cardio, with at least one full rest day. Treat them like meetings.",
      priority: "high",
      category: "planning",
      estimatedHours: 1,
      after: ["Set your 30-day goal and baseline"],
    },
    {
      title: "Set up your workout space and kit",
      description:
        "Pick the gym or clear a corner at home; check shoes, mat, resistance bands or dumbbells. Lay out kit the night before each session.",
      priority: "medium",
      category: "setup",
      estimatedHours: 1,
    },
    {
      title: "Choose one place to log workouts",
      description:
        "An app or a printed sheet: sessions, steps and sleep in one place so progress is visible at a glance.",
      priority: "low",
      category: "setup",
      estimatedHours: 0.5,
    },
    {
      title: "Week 1 workouts: learn the movements",
      description:
        "Four 40-minute sessions focused on form: squats, push-ups, rows, lunges and planks, plus a 20-minute brisk walk or easy jog.",
      priority: "high",
      category: "workout",
      estimatedHours: 3,
      after: ["Plan the weekly training schedule"],
    },
    {
      title: "Week 2 workouts: build volume",
      description:
        "Add a set to each exercise and five minutes to each cardio session. Stop two reps short of failure.",
      priority: "high",
      category: "workout",
      estimatedHours: 3.5,
      after: ["Week 1 workouts: learn the movements"],
    },
    {
      title: "Weeks 3 and 4 workouts: raise the intensity",
      description:
        "Add load or intervals (for example 6 × 1 minute fast, 2 minutes easy). Keep one lighter week-4 session before the retest.",
      priority: "high",
      category: "workout",
      estimatedHours: 8,
      after: ["Week 2 workouts: build volume"],
    },
    {
      title: "Plan a week of meals and shop for it",
      description:
        "Choose three breakfasts, lunches and dinners you can repeat, write the shopping list and batch-cook on Sunday.",
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
      description:
        "Ten minutes of stretching or foam rolling after every session and one full rest day a week. Sore is fine; sharp pain means rest.",
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
      description:
        "Tell a friend your goal and send them a check-in every Sunday. A promise to someone else carries you through the low days.",
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
} satisfies ProjectTemplate;
