DROP TABLE "notices";
