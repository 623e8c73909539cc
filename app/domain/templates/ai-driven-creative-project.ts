import type { ProjectTemplate } from "./types";

export default {
  id: "ai-driven-creative-project",
  name: "AI-driven creative project",
  emoji: "🎨",
  description:
    "Make a finished creative piece with AI tools in 30 days, from brief and references to drafts, human editing and an honest release.",
  color: "#ea580c",
  estimatedDays: 30,
  kind: "starter",
  tasks: [
    {
      title: "Write the project brief",
      description:
        "Format, length, audience and the feeling it should leave; one page you can check every decision against.",
      priority: "high",
      category: "preparation",
      estimatedHours: 1.5,
    },
    {
      title: "Choose AI tools and check their licence terms",
      description:
        "Pick one tool per step (text, image, audio) and read who owns the output and whether commercial use is allowed.",
      priority: "high",
      category: "tech setup",
      estimatedHours: 2,
    },
    {
      title: "Build a mood board and reference set",
      description:
        "Twenty to thirty references for style, colour and composition, credited so nothing is copied by accident.",
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
      after: ["Write the project brief"],
    },
    {
      title: "Learn prompting techniques for your medium",
      description:
        "Practise style references, seeds, negative prompts and iteration on small tests before the real work.",
      priority: "medium",
      category: "skill-building",
      estimatedHours: 3,
    },
    {
      title: "Generate first drafts",
      description:
        "Produce variations for each part of the piece and keep a log of the prompts and settings that worked.",
      priority: "high",
      category: "creation",
      estimatedHours: 6,
      after: ["Brainstorm 20 concepts and shortlist three"],
    },
    {
      title: "Add the human layer: edit, compose and combine",
      description:
        "Select, retouch, rewrite and assemble the drafts into one coherent piece; this is where it becomes yours.",
      priority: "high",
      category: "creation",
      estimatedHours: 8,
      after: ["Generate first drafts"],
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
      after: ["Get feedback from three people"],
    },
    {
      title: "Publish with an AI-use note and credits",
      description: "Say which tools you used and for what, credit collaborators and references, and share the process.",
      priority: "low",
      category: "sharing",
      estimatedHours: 1.5,
    },
  ],
} satisfies ProjectTemplate;
