// Tactical Titan's plans, shared by the odds form (app.js) and the map page (tactical.js):
// in simulator.tactical.search.PLANS's order (tests hold them equal), each as [label, what it
// does] (docs/tactical.md, "How far the default is from other plans").
"use strict";

const PLANS = {
  default: ["Default",
    "Tactical Titan's default tactic: a steady player, the same in every fight."],
  bold_titan: ["Bold Titan: the Titan fights in the line",
    "The Titan does not keep out of the enemy's reach."],
  headlong: ["Headlong: closes in at once",
    "Advances and engages at once, wherever it can strike."],
  patient: ["Patient: lets the enemy come",
    "Advances slowly, in no hurry to engage: the enemy must come."],
  no_rest: ["No rest: the hurt stay in the fight",
    "Hurt characters do not step back to rest."],
  healers_forward: ["Healers forward: healers fight as the rest",
    "Healers neither keep behind the line nor stay by the hurt."],
  rangers_close: ["Rangers close: rangestrikers close in",
    "Rangestrikers do not seek to shoot from range: they close in as the rest."],
  all_in: ["All in: nobody keeps behind a line",
    "No line to keep behind: Titans and healers fight as the rest."],
  search: ["Search: the plan its pilot fights find best",
    "500 pilot fights of each plan for this side, on dice of their own; the plan with the " +
    "most good endings is played (a few seconds more)."],
};
